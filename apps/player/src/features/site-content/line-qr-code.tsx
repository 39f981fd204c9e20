import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The seeded lineQR value: no such image ships, so the QR is drawn from lineLink instead. */
const PLACEHOLDER_LINE_QR = '/brand/line-qr.svg';

export type LineQrCodeProps = {
  lineQR: string;
  lineLink: string;
};

/** The operator's chat QR image; for the placeholder path (or a broken image) a real QR of lineLink, made here. */
export function LineQrCode({ lineQR, lineLink }: LineQrCodeProps) {
  const { t } = useTranslation('content');
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const [generated, setGenerated] = useState<{ link: string; svg: string } | null>(null);
  const useImage = Boolean(lineQR) && lineQR !== PLACEHOLDER_LINE_QR && lineQR !== failedSrc;

  useEffect(() => {
    if (useImage || !lineLink) return;
    let isCurrent = true;
    void import('qrcode').then(({ toString }) =>
      toString(lineLink, {
        type: 'svg',
        margin: 1,
        errorCorrectionLevel: 'M',
        color: { dark: '#0b0f1a', light: '#ffffff' },
      }).then((svg) => {
        if (isCurrent) setGenerated({ link: lineLink, svg });
      }),
    );
    return () => {
      isCurrent = false;
    };
  }, [useImage, lineLink]);

  const src = useImage
    ? lineQR
    : generated?.link === lineLink
      ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(generated.svg)}`
      : null;

  return (
    <div className="rounded-3xl bg-white p-3 shadow-card">
      {src ? (
        <img
          src={src}
          alt={t('contact.qrAlt')}
          data-testid="line-qr"
          data-generated={!useImage || undefined}
          className="size-44 [image-rendering:pixelated]"
          onError={() => setFailedSrc(lineQR)}
        />
      ) : (
        <div className="size-44 animate-pulse rounded-xl bg-slate-200" />
      )}
    </div>
  );
}
