import { adminApi } from '@wallet/contract/admin/admin-api';
import type { ChatConversationSummary } from '@wallet/contract/admin/chat';
import type { Conversation } from '@wallet/contract/chat';
import { SOCKET_PATH, type SocketClientEvents, type SocketServerEvents } from '@wallet/contract/socket-events';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '@wallet/ui/button';
import { Icon } from '@wallet/ui/icon';
import { formatDateTime, formatMoney } from '@wallet/web-core/format';
import { errorMessage } from '@wallet/web-core/present-error';
import { notify } from '@wallet/web-core/toast';
import { clsx } from 'clsx';
import { Fragment, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Socket } from 'socket.io-client';
import { PageHeader } from '../../components/page-header.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { adminCall, operatorTokens } from '../../lib/api.ts';
import { useOperator } from '../../lib/operator.ts';

type Status = 'active' | 'resolved';
type Filter = 'mine' | 'unassigned' | 'all';
type Message = Conversation['message'];
type Button_ = { title: string; type: string; payload: string };

const STATUS_TONE = { open: 'warning', pending: 'info', resolved: 'neutral' } as const;
const listKey = ['admin', 'chat', 'list'] as const;
const conversationKey = (id: number) => ['admin', 'chat', 'conversation', id] as const;

/** The operator socket: new messages and inbox changes invalidate what they touch (Chatwoot's live inbox). */
function useInboxSocket(): boolean {
  const queryClient = useQueryClient();
  const [isLive, setIsLive] = useState(false);
  useEffect(() => {
    let socket: Socket<SocketServerEvents, SocketClientEvents> | undefined;
    let isClosed = false;
    void import('socket.io-client').then(({ io }) => {
      if (isClosed) return;
      socket = io({ path: SOCKET_PATH, auth: (send) => send({ kind: 'operator', token: operatorTokens.get() ?? '' }) });
      socket.on('connect', () => setIsLive(true));
      socket.on('disconnect', () => setIsLive(false));
      socket.on('messaging', (m) => {
        if (m.conversationId) void queryClient.invalidateQueries({ queryKey: conversationKey(m.conversationId) });
      });
      socket.on('chat.conversation', () => void queryClient.invalidateQueries({ queryKey: listKey }));
    });
    return () => {
      isClosed = true;
      socket?.close();
    };
  }, [queryClient]);
  return isLive;
}

const isText = (m: Message) => m.message_type === 'text' || m.message_type === 'postback';

function MessageBody({ message }: { message: Message }) {
  const payload = message.payload;
  if (message.message_type === 'text' || message.message_type === 'postback') {
    return <span className="whitespace-pre-wrap">{typeof payload === 'string' ? payload : ''}</span>;
  }
  if (message.message_type === 'media' && payload && typeof payload === 'object' && !Array.isArray(payload)) {
    return payload.fileType === 'video' ? (
      <video src={payload.filePath} controls className="max-h-56 rounded-lg" />
    ) : (
      <img src={payload.filePath} alt="" className="max-h-56 rounded-lg" data-testid="console-image" />
    );
  }
  const buttons = (Array.isArray(payload) ? payload : (message.payloads ?? [])) as Button_[];
  return (
    <span className="flex flex-wrap gap-1.5">
      {buttons.map((b, i) => (
        <span key={`${b.title}-${i}`} className="rounded-lg border border-primary/40 px-2 py-1 text-xs text-primary">
          {b.title}
        </span>
      ))}
    </span>
  );
}

function ConversationRow({
  c,
  isSelected,
  onSelect,
}: {
  c: ChatConversationSummary;
  isSelected: boolean;
  onSelect(): void;
}) {
  const { t } = useTranslation('chat');
  return (
    <li>
      <button
        type="button"
        onClick={onSelect}
        data-testid="chat-conversation"
        data-conversation={c.id}
        className={clsx(
          'flex w-full flex-col gap-1 border-b border-line px-4 py-3 text-left transition hover:bg-white/5',
          isSelected && 'bg-primary/10',
        )}
      >
        <span className="flex items-center gap-2">
          <span className="truncate font-semibold text-fg">{c.name}</span>
          <span className="text-xs text-subtle">{c.party === 'guest' ? t('guest') : c.username}</span>
          {c.unread > 0 && (
            <span
              className="ml-auto rounded-full bg-danger px-1.5 text-xs font-bold text-white"
              data-testid="chat-unread"
            >
              {c.unread}
            </span>
          )}
        </span>
        <span className="truncate text-sm text-muted">{c.lastMessage}</span>
        <span className="flex items-center gap-2 text-xs text-subtle">
          <StatusBadge tone={STATUS_TONE[c.status]}>{t(`status.${c.status}`)}</StatusBadge>
          {c.assignee && <span>@{c.assignee.username}</span>}
          <span className="ml-auto">{formatDateTime(c.lastMessageAt)}</span>
        </span>
      </button>
    </li>
  );
}

function Thread({ id }: { id: number }) {
  const { t } = useTranslation('chat');
  const queryClient = useQueryClient();
  const me = useOperator();
  const [draft, setDraft] = useState('');
  const list = useRef<HTMLDivElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const query = useQuery({
    queryKey: conversationKey(id),
    queryFn: () => adminCall(adminApi.chat.conversation, { params: { id }, body: {} }),
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: conversationKey(id) });
    void queryClient.invalidateQueries({ queryKey: listKey });
  };
  const onError = (err: unknown) => notify.error(errorMessage(err));
  const reply = useMutation({
    mutationFn: (message: Message) => adminCall(adminApi.chat.reply, { params: { id }, body: { message } }),
    onSuccess: refresh,
    onError,
  });
  const assign = useMutation({
    mutationFn: (to: 'me' | 'nobody') => adminCall(adminApi.chat.assign, { params: { id }, body: { to } }),
    onSuccess: refresh,
    onError,
  });
  const resolve = useMutation({
    mutationFn: () => adminCall(adminApi.chat.resolve, { params: { id } }),
    onSuccess: refresh,
    onError,
  });
  const upload = useMutation({
    mutationFn: async (f: File) => {
      const kind = f.type.startsWith('video/') ? 'video' : 'image';
      const form = new FormData();
      form.append('file', f);
      const endpoint = kind === 'video' ? adminApi.chat.uploadVideo : adminApi.chat.uploadImage;
      const { path } = await adminCall(endpoint, { formData: form });
      return adminCall(adminApi.chat.reply, {
        params: { id },
        body: { message: { message_type: 'media', payload: { fileType: kind, filePath: path } } },
      });
    },
    onSuccess: refresh,
    onError,
  });

  // reading the conversation marks the customer's messages read
  const unread = query.data?.conversation.unread ?? 0;
  useEffect(() => {
    if (unread > 0) void adminCall(adminApi.chat.read, { params: { id } }).then(refresh, () => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, unread]);

  useLayoutEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [query.data?.messages.length]);

  if (!query.data) return <div className="flex flex-1 items-center justify-center text-muted">…</div>;
  const { conversation, member, messages } = query.data;
  const send = () => {
    const text = draft.trim();
    if (!text) return;
    reply.mutate({ message_type: 'text', payload: text });
    setDraft('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      send();
    }
  };
  const canned = t('cannedReplies', { returnObjects: true }) as string[];
  const sendMenu = () =>
    reply.mutate({
      message_type: 'buttons',
      payload: [
        { title: t('menu.deposit'), type: 'postback', payload: 'DEPOSIT' },
        { title: t('menu.withdraw'), type: 'postback', payload: 'WITHDRAW' },
        { title: t('menu.call'), type: 'call', payload: '021234567' },
      ],
    });
  const isMine = conversation.assignee?.username === me.username;

  return (
    <div className="flex min-h-0 flex-1">
      <section className="flex min-w-0 flex-1 flex-col" data-testid="chat-thread">
        <header className="flex items-center gap-3 border-b border-line px-5 py-3">
          <div className="flex min-w-0 flex-col">
            <h2 className="truncate text-lg font-bold text-fg">{conversation.name}</h2>
            <span className="text-xs text-muted">
              {conversation.party === 'guest' ? t('guest') : `${t('member')} · ${conversation.username ?? ''}`}
            </span>
          </div>
          <StatusBadge tone={STATUS_TONE[conversation.status]}>{t(`status.${conversation.status}`)}</StatusBadge>
          <span className="ml-auto flex gap-2">
            <Button
              size="sm"
              variant="secondary"
              onClick={() => assign.mutate(isMine ? 'nobody' : 'me')}
              disabled={assign.isPending}
              data-testid="chat-assign"
            >
              {isMine ? t('unassign') : t('assignMe')}
            </Button>
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
        <div
          ref={list}
          className="flex flex-1 flex-col gap-2 overflow-y-auto bg-bg px-5 py-4"
          data-testid="chat-messages"
        >
          {messages.map((m, i) => {
            const ended = i > 0 && messages[i - 1]!.session_id !== m.session_id;
            const mine = m.sender === 'other';
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
                  data-testid="console-message"
                >
                  <div
                    className={clsx(
                      'max-w-[70%] rounded-2xl px-3.5 py-2 text-sm',
                      mine ? 'rounded-br-md' : 'rounded-bl-md',
                      mine && isText(m.message) ? 'bg-primary text-on-primary' : 'bg-surface-2 text-fg',
                    )}
                  >
                    <MessageBody message={m.message} />
                  </div>
                  <span className="text-[11px] text-subtle">
                    {mine ? t('you') : t('customer')} · {formatDateTime(m.createdAt)}
                  </span>
                </div>
              </Fragment>
            );
          })}
          {conversation.status === 'resolved' && (
            <p className="mx-auto mt-2 rounded-xl bg-surface-2 px-3 py-2 text-xs text-muted">{t('resolvedNote')}</p>
          )}
        </div>
        <div className="flex flex-wrap gap-1.5 border-t border-line px-5 pt-2.5">
          <span className="self-center text-xs text-subtle">{t('canned')}:</span>
          {canned.map((text) => (
            <button
              key={text}
              type="button"
              onClick={() => setDraft(text)}
              className="max-w-[220px] truncate rounded-full bg-surface-2 px-2.5 py-1 text-xs text-fg hover:bg-line"
            >
              {text}
            </button>
          ))}
          <button
            type="button"
            onClick={sendMenu}
            data-testid="chat-send-buttons"
            className="rounded-full border border-primary/50 px-2.5 py-1 text-xs font-semibold text-primary"
          >
            {t('buttons')}
          </button>
        </div>
        <footer className="flex items-end gap-2 px-5 py-3">
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
            accept="image/png,image/jpeg,image/gif,video/mp4,video/quicktime"
            className="hidden"
            data-testid="chat-attach"
            onChange={(e) => {
              const f = e.target.files?.[0];
              if (f) upload.mutate(f);
              e.target.value = '';
            }}
          />
          <textarea
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={onKeyDown}
            rows={2}
            maxLength={2000}
            placeholder={t('reply')}
            data-testid="chat-reply"
            className="min-h-11 flex-1 resize-none rounded-xl border border-line bg-bg px-3 py-2 text-sm text-fg focus:border-primary focus:outline-none"
          />
          <Button onClick={send} disabled={!draft.trim() || reply.isPending} data-testid="chat-reply-send">
            {t('send')}
          </Button>
        </footer>
      </section>
      <aside
        className="hidden w-72 shrink-0 flex-col gap-4 border-l border-line p-5 xl:flex"
        data-testid="chat-profile"
      >
        <h3 className="text-sm font-semibold tracking-wide text-subtle uppercase">{t('profile')}</h3>
        {member ? (
          <dl className="grid gap-3 text-sm">
            <div>
              <dt className="text-subtle">{member.name}</dt>
              <dd className="text-muted">#{member.id}</dd>
            </div>
            <div>
              <dt className="text-subtle">{t('phone')}</dt>
              <dd className="font-mono text-fg">{member.username}</dd>
            </div>
            <div>
              <dt className="text-subtle">{t('balance')}</dt>
              <dd className="text-lg font-bold text-fg tabular-nums" data-testid="chat-balance">
                {member.balance === null ? '—' : `${formatMoney(Number(member.balance) / 100)} ${member.currency}`}
              </dd>
            </div>
            <div>
              <dt className="text-subtle">{t('joined')}</dt>
              <dd className="text-fg">{formatDateTime(member.createdAt)}</dd>
            </div>
          </dl>
        ) : (
          <p className="text-sm text-muted">{t('guest')}</p>
        )}
        <div className="text-sm">
          <span className="text-subtle">{t('assignee')}: </span>
          <span className="text-fg">{conversation.assignee?.username ?? t('nobody')}</span>
        </div>
      </aside>
    </div>
  );
}

/** The operator inbox (issue 14; modelled on Chatwoot's): conversations by status and filter, the thread, the member. */
export default function ChatPage() {
  const { t } = useTranslation('chat');
  const [status, setStatus] = useState<Status>('active');
  const [filter, setFilter] = useState<Filter>('all');
  const [selected, setSelected] = useState<number | null>(null);
  const isLive = useInboxSocket();
  const list = useQuery({
    queryKey: [...listKey, status, filter],
    queryFn: () => adminCall(adminApi.chat.conversations, { body: { status, filter } }),
  });
  const tab = (active: boolean) =>
    clsx(
      'rounded-lg px-3 py-1.5 text-sm font-semibold',
      active ? 'bg-primary/15 text-primary' : 'text-muted hover:text-fg',
    );

  return (
    <>
      <PageHeader title={t('title')} description={t('subtitle')}>
        <span className="flex items-center gap-1.5 text-sm text-muted" data-testid="chat-live" data-live={isLive}>
          <span className={clsx('size-2 rounded-full', isLive ? 'bg-success' : 'bg-warning')} />
          {isLive ? t('live') : t('offline')}
        </span>
      </PageHeader>
      <div className="flex h-[calc(100vh-190px)] min-h-[480px] overflow-hidden rounded-2xl border border-line bg-surface">
        <nav className="flex w-80 shrink-0 flex-col border-r border-line">
          <div className="flex gap-1 border-b border-line p-2">
            {(['active', 'resolved'] as const).map((s) => (
              <button key={s} type="button" className={tab(status === s)} onClick={() => setStatus(s)}>
                {t(s)}
              </button>
            ))}
          </div>
          <div className="flex gap-1 border-b border-line p-2">
            {(['mine', 'unassigned', 'all'] as const).map((f) => (
              <button key={f} type="button" className={tab(filter === f)} onClick={() => setFilter(f)}>
                {t(f)}
              </button>
            ))}
          </div>
          <ul className="flex-1 overflow-y-auto" data-testid="chat-inbox">
            {list.data?.conversations.map((c) => (
              <ConversationRow key={c.id} c={c} isSelected={c.id === selected} onSelect={() => setSelected(c.id)} />
            ))}
            {list.data?.conversations.length === 0 && (
              <li className="p-6 text-center text-sm text-muted">{t('empty')}</li>
            )}
          </ul>
        </nav>
        {selected === null ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-2 text-muted">
            <Icon name="chat" className="size-10 opacity-50" />
            {t('pick')}
          </div>
        ) : (
          <Thread key={selected} id={selected} />
        )}
      </div>
    </>
  );
}
