import { adminApi } from '@wallet/contract/admin/admin-api';
import type { Conversation } from '@wallet/contract/chat';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '@wallet/ui/button';
import { Icon } from '@wallet/ui/icon';
import { errorMessage } from '@wallet/web-core/present-error';
import { notify } from '@wallet/web-core/toast';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../components/status-badge.tsx';
import { adminCall } from '../../lib/api.ts';
import { conversationKey, listKey, useInbox } from './inbox-socket.tsx';
import { MemberPanel } from './member-panel.tsx';
import { Composer, type ComposerMode } from './composer.tsx';
import { MessageList } from './message-list.tsx';
import { PastConversations } from './past-conversations.tsx';
import { AssignPicker, LabelPicker } from './thread-tools.tsx';
import { PendingUploads } from './pending-uploads.tsx';
import { useConsoleUploads } from './use-uploads.ts';

type Message = Conversation['message'];

export const STATUS_TONE = { open: 'warning', pending: 'info', resolved: 'neutral' } as const;
const ACCEPT = 'image/png,image/jpeg,image/gif,video/mp4,video/quicktime';

/** "Typing…" with three dots. */
export function TypingDots({ label }: { label: string }) {
  return (
    <span className="inline-flex items-center gap-1.5 text-xs text-primary" data-testid="console-typing">
      <span className="flex gap-0.5" aria-hidden>
        {[0, 150, 300].map((d) => (
          <span
            key={d}
            className="size-1.5 animate-bounce rounded-full bg-primary"
            style={{ animationDelay: `${d}ms` }}
          />
        ))}
      </span>
      {label}
    </span>
  );
}

/**
 * One conversation: the messages (notes included), the composer (reply or private note, "/" canned replies, buttons,
 * attachments), assignee and labels, the member beside it with its earlier conversations.
 */
export function Thread({ id }: { id: number }) {
  const { t } = useTranslation('chat');
  const queryClient = useQueryClient();
  const inbox = useInbox();
  const list = useRef<HTMLDivElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const query = useQuery({
    queryKey: conversationKey(id),
    queryFn: () => adminCall(adminApi.chat.conversation, { params: { id }, body: {} }),
  });
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: conversationKey(id) });
    void queryClient.invalidateQueries({ queryKey: listKey });
  }, [queryClient, id]);
  const onError = (err: unknown) => notify.error(errorMessage(err));
  const reply = useMutation({
    mutationFn: (message: Message) => adminCall(adminApi.chat.reply, { params: { id }, body: { message } }),
    onSuccess: refresh,
    onError,
  });
  const note = useMutation({
    mutationFn: (text: string) => adminCall(adminApi.chat.note, { params: { id }, body: { text } }),
    onSuccess: refresh,
    onError,
  });
  const resolve = useMutation({
    mutationFn: () => adminCall(adminApi.chat.resolve, { params: { id } }),
    onSuccess: refresh,
    onError,
  });
  const uploads = useConsoleUploads(id, refresh);

  // reading the conversation marks the customer's messages read
  const unread = query.data?.conversation.unread ?? 0;
  useEffect(() => {
    if (unread > 0) void adminCall(adminApi.chat.read, { params: { id } }).then(refresh, () => undefined);
  }, [id, unread, refresh]);

  const isCustomerTyping = query.data ? inbox.isTyping(query.data.conversation) : false;
  useLayoutEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [query.data?.messages.length, uploads.items.length, isCustomerTyping]);

  if (!query.data) return <div className="flex flex-1 items-center justify-center text-muted">…</div>;
  const { conversation, member, messages } = query.data;
  const send = (text: string, mode: ComposerMode) => {
    if (mode === 'note') note.mutate(text);
    else reply.mutate({ message_type: 'text', payload: text });
  };
  const sendMenu = () =>
    reply.mutate({
      message_type: 'buttons',
      payload: [
        { title: t('menu.deposit'), type: 'postback', payload: 'DEPOSIT' },
        { title: t('menu.withdraw'), type: 'postback', payload: 'WITHDRAW' },
        { title: t('menu.call'), type: 'call', payload: '021234567' },
      ],
    });

  return (
    <div className="flex min-h-0 flex-1">
      <section className="flex min-w-0 flex-1 flex-col" data-testid="chat-thread">
        <header className="flex flex-wrap items-center gap-3 border-b border-line px-5 py-3">
          <div className="flex min-w-0 flex-col">
            <h2 className="truncate text-lg font-bold text-fg">{conversation.name}</h2>
            <span className="text-xs text-muted">
              {conversation.party === 'guest' ? t('guest') : `${t('member')} · ${conversation.username ?? ''}`}
            </span>
          </div>
          <StatusBadge tone={STATUS_TONE[conversation.status]}>{t(`status.${conversation.status}`)}</StatusBadge>
          <span className="ml-auto flex items-center gap-2">
            <AssignPicker conversation={conversation} onDone={refresh} />
            <Button
              size="sm"
              onClick={() => resolve.mutate()}
              disabled={resolve.isPending || conversation.status === 'resolved'}
              data-testid="chat-resolve"
            >
              {t('resolve')}
            </Button>
          </span>
        </header>
        <div className="border-b border-line px-5 py-2">
          <LabelPicker conversation={conversation} onDone={refresh} />
        </div>
        <div
          ref={list}
          className="flex flex-1 flex-col gap-2 overflow-y-auto bg-bg px-5 py-4"
          data-testid="chat-messages"
        >
          <MessageList messages={messages} />
          <PendingUploads items={uploads.items} onResend={(u) => void uploads.resend(u)} onRemove={uploads.remove} />
          {isCustomerTyping && <TypingDots label={t('customerTyping')} />}
          {conversation.status === 'resolved' && (
            <p className="mx-auto mt-2 rounded-xl bg-surface-2 px-3 py-2 text-xs text-muted">{t('resolvedNote')}</p>
          )}
        </div>
        <div className="flex flex-wrap gap-1.5 border-t border-line px-5 pt-2.5">
          <span className="self-center text-xs text-subtle">{t('cannedHint')}</span>
          <button
            type="button"
            onClick={sendMenu}
            data-testid="chat-send-buttons"
            className="rounded-full border border-primary/50 px-2.5 py-1 text-xs font-semibold text-primary"
          >
            {t('buttons')}
          </button>
        </div>
        <Composer
          onSend={send}
          onTyping={(typing) => inbox.sendTyping(conversation, typing)}
          isSending={reply.isPending || note.isPending}
          attach={
            <>
              <button
                type="button"
                onClick={() => file.current?.click()}
                aria-label={t('attach')}
                title={t('attach')}
                className="flex size-11 items-center justify-center rounded-xl text-muted hover:bg-white/5 hover:text-primary"
              >
                <Icon name="plus" className="size-5" />
              </button>
              <input
                ref={file}
                type="file"
                accept={ACCEPT}
                className="hidden"
                data-testid="chat-attach"
                onChange={(e) => {
                  const f = e.target.files?.[0];
                  if (f) uploads.add(f);
                  e.target.value = '';
                }}
              />
            </>
          }
        />
      </section>
      <aside
        className="hidden w-72 shrink-0 flex-col gap-4 overflow-y-auto border-l border-line p-5 xl:flex"
        data-testid="chat-profile"
      >
        <h3 className="text-sm font-semibold tracking-wide text-subtle uppercase">{t('profile')}</h3>
        {member ? <MemberPanel member={member} /> : <p className="text-sm text-muted">{t('guest')}</p>}
        {member && <PastConversations memberId={member.id} />}
      </aside>
    </div>
  );
}
