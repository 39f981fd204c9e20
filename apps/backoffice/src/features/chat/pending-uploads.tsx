import { errorMessage } from '@wallet/web-core/present-error';
import { useTranslation } from 'react-i18next';
import type { PendingUpload } from './use-uploads.ts';

/** The operator's attachments on their way: progress, then "sending"; a failure with its reason, resend or remove. */
export function PendingUploads({
  items,
  onResend,
  onRemove,
}: {
  items: PendingUpload[];
  onResend(item: PendingUpload): void;
  onRemove(item: PendingUpload): void;
}) {
  const { t } = useTranslation('chat');
  return items.map((u) => (
    <div key={u.key} className="flex flex-col items-end gap-1" data-testid="console-upload" data-status={u.status}>
      <div className="flex w-80 max-w-[70%] items-center gap-3 rounded-2xl rounded-br-md bg-surface-2 px-3 py-2 text-sm">
        {u.kind === 'video' ? (
          <video src={u.preview} className="size-14 shrink-0 rounded-md bg-black/40 object-cover" muted />
        ) : (
          <img src={u.preview} alt="" className="size-14 shrink-0 rounded-md object-cover" />
        )}
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <span className="truncate text-xs text-muted">{u.file.name}</span>
          {u.status === 'uploading' && (
            <div
              className="h-1.5 overflow-hidden rounded-full bg-bg"
              role="progressbar"
              aria-valuenow={Math.round(u.progress * 100)}
              aria-valuemin={0}
              aria-valuemax={100}
            >
              <div
                className="h-full bg-primary transition-[width]"
                style={{ width: `${Math.round(u.progress * 100)}%` }}
              />
            </div>
          )}
          <span className={u.status === 'failed' ? 'text-xs text-danger' : 'text-xs text-muted'}>
            {u.status === 'failed'
              ? u.error === 'TOO_LARGE'
                ? t('uploadTooLarge', { n: u.kind === 'video' ? 20 : 10 })
                : `${t('upload.failed')} · ${errorMessage(new Error(u.error))}`
              : t(`upload.${u.status}`)}
          </span>
        </div>
      </div>
      {u.status === 'failed' && (
        <span className="flex gap-3 text-xs">
          <button
            type="button"
            className="font-semibold text-primary"
            onClick={() => onResend(u)}
            data-testid="console-resend"
          >
            {t('resend')}
          </button>
          <button type="button" className="font-semibold text-muted" onClick={() => onRemove(u)}>
            {t('remove')}
          </button>
        </span>
      )}
    </div>
  ));
}
