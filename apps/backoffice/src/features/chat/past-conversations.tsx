import { adminApi } from '@wallet/contract/admin/admin-api';
import { useQuery } from '@tanstack/react-query';
import { Modal } from '@wallet/ui/modal';
import { formatDateTime } from '@wallet/web-core/format';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../lib/api.ts';
import { MessageList } from './message-list.tsx';

/** One earlier session of the conversation, read-only, notes included. */
function PastSession({ conversationId, sessionId }: { conversationId: number; sessionId: string }) {
  const session = useQuery({
    queryKey: ['admin', 'chat', 'session', conversationId, sessionId],
    queryFn: () => adminCall(adminApi.chat.conversation, { params: { id: conversationId }, body: { sessionId } }),
  });
  return (
    <div className="flex max-h-[60vh] flex-col gap-2 overflow-y-auto" data-testid="chat-past-thread">
      {session.data ? <MessageList messages={session.data.messages} /> : '…'}
    </div>
  );
}

/** The member's earlier conversations (one per session), newest first; a click opens one. */
export function PastConversations({ memberId }: { memberId: number }) {
  const { t } = useTranslation('chat');
  const [open, setOpen] = useState<{ conversationId: number; sessionId: string; startedAt: string } | null>(null);
  const past = useQuery({
    queryKey: ['admin', 'chat', 'member', memberId],
    queryFn: () => adminCall(adminApi.chat.memberConversations, { params: { id: memberId } }),
  });
  const earlier = past.data?.conversations.filter((c) => !c.current) ?? [];
  return (
    <section className="grid gap-2 text-sm" data-testid="chat-past">
      <h3 className="text-sm font-semibold tracking-wide text-subtle uppercase">{t('past')}</h3>
      {earlier.length === 0 && <p className="text-muted">{t('noPast')}</p>}
      <ul className="grid gap-1.5">
        {earlier.map((c) => (
          <li key={c.sessionId}>
            <button
              type="button"
              onClick={() => setOpen(c)}
              className="w-full rounded-lg bg-surface-2 px-2.5 py-2 text-left hover:bg-line"
              data-testid="chat-past-item"
            >
              <span className="block truncate text-fg">{c.preview}</span>
              <span className="text-xs text-subtle">
                {formatDateTime(c.startedAt)} · {t('messagesCount', { count: c.messages })}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <Modal
        open={open !== null}
        onOpenChange={(isOpen) => !isOpen && setOpen(null)}
        title={open ? `${t('past')} · ${formatDateTime(open.startedAt)}` : t('past')}
        size="lg"
      >
        {open && <PastSession conversationId={open.conversationId} sessionId={open.sessionId} />}
      </Modal>
    </section>
  );
}
