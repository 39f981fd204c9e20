import { presentError } from '@wallet/web-core/present-error';
import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { bubbleTime } from './bubble-time.ts';
import type { ChatItem } from './use-chat.ts';

/** When the message was sent, under its bubble (a message still on its way shows its delivery line instead). */
export function BubbleTime({ item }: { item: ChatItem }) {
  if (item.status && item.status !== 'succeed') return null;
  const text = bubbleTime(item.createdAt);
  if (!text) return null;
  return (
    <time className="px-1 text-[11px] text-subtle tabular-nums" dateTime={item.createdAt} data-testid="chat-time">
      {text}
    </time>
  );
}

export function DeliveryLine({ item, onResend, onRemove }: { item: ChatItem; onResend(): void; onRemove(): void }) {
  const { t } = useTranslation('chat');
  if (!item.status || item.status === 'succeed') return null;
  return (
    <div
      className="flex w-[70%] flex-col items-end gap-1 self-end text-xs"
      data-testid="chat-status"
      data-status={item.status}
    >
      {item.status === 'uploading_file' && (
        <div
          className="h-1.5 w-full overflow-hidden rounded-full bg-surface-2"
          role="progressbar"
          aria-valuenow={Math.round((item.progress ?? 0) * 100)}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <div
            className="h-full bg-primary transition-[width]"
            style={{ width: `${Math.round((item.progress ?? 0) * 100)}%` }}
          />
        </div>
      )}
      <span className={clsx(item.status === 'failed' ? 'text-danger' : 'text-muted')}>
        {t(`status.${item.status}`)}
      </span>
      {item.status === 'failed' && item.error && (
        <span className="text-right text-danger" role="alert" data-testid="chat-refusal">
          {presentError(item.error, { as: 'inline' })}
        </span>
      )}
      {item.status === 'failed' && (
        <span className="flex gap-3">
          <button type="button" className="font-semibold text-primary" onClick={onResend} data-testid="chat-resend">
            {t('resend')}
          </button>
          <button type="button" className="font-semibold text-muted" onClick={onRemove} data-testid="chat-remove">
            {t('remove')}
          </button>
        </span>
      )}
    </div>
  );
}

export function EndMarker() {
  const { t } = useTranslation('chat');
  return (
    <div
      className="my-2 flex items-center gap-3 text-xs font-semibold tracking-wide text-subtle uppercase"
      data-testid="chat-end"
    >
      <span className="h-px flex-1 bg-line" />
      {t('ended')}
      <span className="h-px flex-1 bg-line" />
    </div>
  );
}

/** "Support is typing…" with three bouncing dots, while support's typing signal is fresh. */
export function TypingLine() {
  const { t } = useTranslation('chat');
  return (
    <div
      className="flex items-center gap-2 self-start rounded-2xl rounded-bl-md bg-surface-2 px-3 py-2 text-xs text-muted"
      data-testid="chat-typing"
      aria-live="polite"
    >
      <span className="flex gap-1" aria-hidden>
        {[0, 150, 300].map((delay) => (
          <span
            key={delay}
            className="size-1.5 animate-bounce rounded-full bg-muted"
            style={{ animationDelay: `${delay}ms` }}
          />
        ))}
      </span>
      {t('typing')}
    </div>
  );
}
