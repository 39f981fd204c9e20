import type { AdminChatMessage } from '@wallet/contract/admin/chat';
import { formatDateTime } from '@wallet/web-core/format';
import { clsx } from 'clsx';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { isText, MessageBody } from './message-body.tsx';

/**
 * The conversation's bubbles, each with its time; a private note (docs/decisions/0035-chat-team-and-api-client.md)
 * shows on a yellow card with its author and is never sent to the member. Sessions are divided by "End Conversation".
 */
export function MessageList({ messages }: { messages: AdminChatMessage[] }) {
  const { t } = useTranslation('chat');
  return (
    <>
      {messages.map((m, i) => {
        const ended = i > 0 && messages[i - 1]!.session_id !== m.session_id;
        const mine = m.sender === 'other';
        const who = m.note ? t('noteBy', { name: m.author ?? '' }) : mine ? (m.author ?? t('you')) : t('customer');
        return (
          <Fragment key={m._id}>
            {ended && (
              <div className="my-1 flex items-center gap-3 text-xs tracking-wide text-subtle uppercase">
                <span className="h-px flex-1 bg-line" />
                {t('ended')}
                <span className="h-px flex-1 bg-line" />
              </div>
            )}
            <div
              className={clsx('flex flex-col gap-0.5', mine ? 'items-end' : 'items-start')}
              data-testid={m.note ? 'console-note' : 'console-message'}
            >
              <div
                className={clsx(
                  'max-w-[70%] rounded-2xl px-3.5 py-2 text-sm',
                  mine ? 'rounded-br-md' : 'rounded-bl-md',
                  m.note
                    ? 'border border-dashed border-warning/60 bg-warning/15 text-fg'
                    : mine && isText(m.message)
                      ? 'bg-primary text-on-primary'
                      : 'bg-surface-2 text-fg',
                )}
              >
                {m.note && (
                  <span className="mb-0.5 block text-[11px] font-semibold text-warning">{t('noteBadge')}</span>
                )}
                <MessageBody message={m.message} />
              </div>
              <span className="text-[11px] text-subtle">
                {who} · <time dateTime={m.createdAt}>{m.createdAt ? formatDateTime(m.createdAt) : ''}</time>
              </span>
            </div>
          </Fragment>
        );
      })}
    </>
  );
}
