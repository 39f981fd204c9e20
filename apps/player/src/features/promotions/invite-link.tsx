import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wallet/ui/button';
import { Icon } from '@wallet/ui/icon';
import { notify } from '@wallet/web-core/toast';
import { copyText } from '@wallet/web-core/copy-text';

/** LINE's share URL: opens the app (or the web share page) with the text ready to send. */
const lineShareUrl = (text: string) => `https://line.me/R/share?text=${encodeURIComponent(text)}`;

/** The invite link {origin}/register?code=PR{id} (docs/spec.md §2): copy, a QR of it and share to LINE. */
export function InviteLink({ link }: { link: string }) {
  const { t } = useTranslation('promotions');
  const [qr, setQr] = useState<{ link: string; svg: string } | null>(null);

  useEffect(() => {
    let isCurrent = true;
    // the same QR library as the contact screen, loaded with this modal only
    void import('qrcode').then(({ toString }) =>
      toString(link, {
        type: 'svg',
        margin: 1,
        errorCorrectionLevel: 'M',
        color: { dark: '#0b0f1a', light: '#ffffff' },
      }).then((svg) => {
        if (isCurrent) setQr({ link, svg });
      }),
    );
    return () => {
      isCurrent = false;
    };
  }, [link]);

  const copy = () =>
    copyText(link).then(
      () => notify.success(t('invite.copied', { text: link })),
      () => notify.error(t('invite.copyFailed')),
    );

  return (
    <section className="flex flex-col gap-3 rounded-2xl bg-surface p-4 ring-1 ring-line" data-testid="invite-link">
      <p className="text-sm font-semibold">{t('invite.linkTitle')}</p>
      <div className="flex items-center gap-2">
        <p
          className="min-w-0 flex-1 truncate rounded-xl bg-surface-2 px-3 py-2.5 font-mono text-sm"
          translate="no"
          data-testid="invite-link-text"
        >
          {link}
        </p>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => void copy()}
          icon={<Icon name="copy" className="size-4" />}
        >
          {t('invite.copy')}
        </Button>
      </div>
      <div className="flex items-center gap-4">
        <div className="size-32 shrink-0 overflow-hidden rounded-xl bg-white p-1.5">
          {qr?.link === link && (
            <img
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qr.svg)}`}
              alt={t('invite.qrAlt')}
              className="size-full"
              data-testid="invite-qr"
            />
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <p className="text-xs text-muted">{t('invite.qrHint')}</p>
          <a
            href={lineShareUrl(`${t('invite.shareText')} ${link}`)}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-11 items-center justify-center gap-1.5 rounded-xl bg-[#06c755] px-3 text-sm font-bold text-white"
            data-testid="invite-share-line"
          >
            <Icon name="chat" className="size-4" />
            {t('invite.shareLine')}
          </a>
        </div>
      </div>
    </section>
  );
}
