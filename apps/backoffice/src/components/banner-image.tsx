import { Button } from '@wallet/ui/button';
import { errorMessage } from '@wallet/web-core/present-error';
import { clsx } from 'clsx';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type BannerImageProps = {
  /** the stored path ('' while none) */
  value: string;
  onChange: (path: string) => void;
  /** sends the file to the server (an `isUpload` admin endpoint) and answers the stored path */
  upload: (file: File) => Promise<string>;
  /** largest file accepted, bytes (checked here before sending; the server checks again) */
  maxBytes: number;
  /** marks the slot in error (a banner without an image) */
  isInvalid?: boolean;
  /** the file types the endpoint takes (the picker's filter) */
  accept?: string;
  testId?: string;
};

/** `image/png,image/jpeg` → `PNG, JPEG` */
const formatsOf = (accept: string) =>
  accept
    .split(',')
    .map((type) =>
      type
        .trim()
        .replace(/^image\//, '')
        .toUpperCase(),
    )
    .join(', ');

/** A banner's picture: the preview (or an empty drop slot), upload or replace, the upload's error in place. */
export function BannerImage({
  value,
  onChange,
  upload,
  maxBytes,
  isInvalid = false,
  accept = 'image/png,image/jpeg,image/gif',
  testId,
}: BannerImageProps) {
  const { t } = useTranslation('common');
  const input = useRef<HTMLInputElement>(null);
  const [isUploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const send = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > maxBytes) {
      setError(t('banner.tooLarge', { mb: Math.round(maxBytes / 1024 / 1024) }));
      return;
    }
    setError(null);
    setUploading(true);
    try {
      onChange(await upload(file));
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="flex flex-col gap-2" data-testid={testId}>
      <div
        className={clsx(
          'relative flex aspect-[16/7] w-full items-center justify-center overflow-hidden rounded-xl bg-bg ring-1',
          isInvalid || error ? 'ring-danger' : 'ring-line',
          !value && 'border border-dashed border-line-strong',
        )}
      >
        {value ? (
          <img src={value} alt={t('banner.preview')} className="size-full object-cover" />
        ) : (
          <span className="px-4 text-center text-sm text-subtle">{t('banner.empty')}</span>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          type="button"
          size="sm"
          variant="secondary"
          isLoading={isUploading}
          onClick={() => input.current?.click()}
        >
          {value ? t('banner.replace') : t('banner.upload')}
        </Button>
        <span className="text-xs text-subtle">
          {t('banner.formats', { formats: formatsOf(accept), mb: Math.round(maxBytes / 1024 / 1024) })}
        </span>
        <input
          ref={input}
          type="file"
          accept={accept}
          className="sr-only"
          tabIndex={-1}
          aria-label={value ? t('banner.replace') : t('banner.upload')}
          onChange={(e) => void send(e.target.files?.[0])}
        />
      </div>
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
