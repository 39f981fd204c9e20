import { adminApi } from '@wallet/contract/admin/admin-api';
import type { ChatConversationSummary } from '@wallet/contract/admin/chat';
import { useQuery } from '@tanstack/react-query';
import { Icon } from '@wallet/ui/icon';
import { formatDateTime } from '@wallet/web-core/format';
import { clsx } from 'clsx';
import { lazy, Suspense, useDeferredValue, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Route, Routes, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { adminCall } from '../../lib/api.ts';
import { chimeSetting } from './chime.ts';
import { InboxProvider, labelsKey, listKey, useInbox } from './inbox-socket.tsx';
import { LabelChip } from './thread-tools.tsx';
import { STATUS_TONE, Thread, TypingDots } from './thread.tsx';

const TeamToolsPage = lazy(() => import('./team-tools-page.tsx'));

type Status = 'active' | 'resolved';
type Filter = 'mine' | 'unassigned' | 'all';

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
  const inbox = useInbox();
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
              className="ml-auto rounded-full bg-danger-strong px-1.5 text-xs font-bold text-white"
              data-testid="chat-unread"
            >
              {c.unread}
            </span>
          )}
        </span>
        {inbox.isTyping(c) ? (
          <TypingDots label={t('typing')} />
        ) : (
          <span className="truncate text-sm text-muted">{c.lastMessage}</span>
        )}
        <span className="flex flex-wrap items-center gap-2 text-xs text-subtle">
          <StatusBadge tone={STATUS_TONE[c.status]}>{t(`status.${c.status}`)}</StatusBadge>
          {c.assignee && <span>@{c.assignee.username}</span>}
          {c.labels.map((l) => (
            <LabelChip key={l.id} label={l} />
          ))}
          <span className="ml-auto">{formatDateTime(c.lastMessageAt)}</span>
        </span>
      </button>
    </li>
  );
}

/** The operator's own status, the team's presence (from the sockets, every process), live state and the sound toggle. */
function ConsoleStatus() {
  const { t } = useTranslation('chat');
  const inbox = useInbox();
  const [isSoundOn, setIsSoundOn] = useState(chimeSetting.isOn);
  const online = inbox.presence.operators.filter((o) => o.status === 'online').length;
  const away = inbox.presence.operators.length - online;
  return (
    <span className="flex flex-wrap items-center gap-3 text-sm text-muted">
      <span className="flex items-center gap-1.5" data-testid="chat-live" data-live={inbox.isLive}>
        <span className={clsx('size-2 rounded-full', inbox.isLive ? 'bg-success' : 'bg-warning')} />
        {inbox.isLive ? t('live') : t('offline')}
      </span>
      <span data-testid="chat-team">{t('team', { online, away })}</span>
      <button
        type="button"
        onClick={() => {
          chimeSetting.set(!isSoundOn);
          setIsSoundOn(!isSoundOn);
        }}
        aria-pressed={isSoundOn}
        data-testid="chat-sound"
        className="rounded-lg px-2 py-1 ring-1 ring-line hover:text-fg"
      >
        {isSoundOn ? t('soundOn') : t('soundOff')}
      </button>
      <span className="flex rounded-lg p-0.5 ring-1 ring-line" role="group" aria-label={t('myStatus')}>
        {(['online', 'away'] as const).map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={inbox.status === s}
            onClick={() => inbox.setStatus(s)}
            data-testid={`chat-status-${s}`}
            className={clsx(
              'flex items-center gap-1.5 rounded-md px-2.5 py-1 font-semibold',
              inbox.status === s ? 'bg-surface-2 text-fg' : 'text-muted hover:text-fg',
            )}
          >
            <span className={clsx('size-2 rounded-full', s === 'online' ? 'bg-success' : 'bg-warning')} />
            {t(`presence.${s}`)}
          </button>
        ))}
      </span>
    </span>
  );
}

/** The tab title counts unread customer messages while the console is open, e.g. "(3) Live chat". */
function useTitleBadge(unread: number) {
  useEffect(() => {
    const base = document.title.replace(/^\(\d+\) /, '');
    document.title = unread > 0 ? `(${unread}) ${base}` : base;
    return () => {
      document.title = base;
    };
  }, [unread]);
}

/** `?conversation=` as a conversation id (a positive integer), null for anything else. */
const conversationParam = (value: string | null): number | null =>
  value !== null && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;

function Inbox() {
  const { t } = useTranslation('chat');
  const [status, setStatus] = useState<Status>('active');
  const [filter, setFilter] = useState<Filter>('all');
  // the open conversation is in the URL (`/chat?conversation=12`): the member page's chat history links open it
  const [params, setParams] = useSearchParams();
  const selected = conversationParam(params.get('conversation'));
  const setSelected = (id: number) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('conversation', String(id));
        return next;
      },
      { replace: true },
    );
  const [search, setSearch] = useState('');
  const [labelId, setLabelId] = useState<number | undefined>(undefined);
  const q = useDeferredValue(search.trim());
  const labels = useQuery({ queryKey: labelsKey, queryFn: () => adminCall(adminApi.chat.labels) });
  const list = useQuery({
    queryKey: [...listKey, status, filter, q, labelId],
    queryFn: () =>
      adminCall(adminApi.chat.conversations, {
        body: { status, filter, ...(q ? { q } : {}), ...(labelId ? { labelId } : {}) },
      }),
  });
  useTitleBadge(list.data?.conversations.reduce((sum, c) => sum + c.unread, 0) ?? 0);
  const tab = (active: boolean) =>
    clsx(
      'rounded-lg px-3 py-1.5 text-sm font-semibold',
      active ? 'bg-primary/15 text-primary' : 'text-muted hover:text-fg',
    );

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('subtitle')}
        actions={
          <>
            <ConsoleStatus />
            <Link to="tools" className="text-sm font-semibold text-primary hover:underline" data-testid="chat-tools">
              {t('toolsLink')}
            </Link>
          </>
        }
      />
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
          <div className="flex flex-col gap-2 border-b border-line p-2">
            <input
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              maxLength={100}
              placeholder={t('searchPlaceholder')}
              aria-label={t('search')}
              data-testid="chat-search"
              className="h-9 rounded-lg border border-line bg-bg px-3 text-sm text-fg focus:border-primary focus:outline-none"
            />
            <select
              value={labelId ?? ''}
              onChange={(e) => setLabelId(e.target.value ? Number(e.target.value) : undefined)}
              aria-label={t('labelFilter')}
              data-testid="chat-label-filter"
              className="h-9 rounded-lg border border-line bg-bg px-2 text-sm text-fg"
            >
              <option value="">{t('allLabels')}</option>
              {(labels.data?.labels ?? []).map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </select>
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

/** The operator inbox (docs/design.md §9.8; modelled on Chatwoot's): conversations by status and filter, the thread, the member. */
export default function ChatPage() {
  return (
    <Routes>
      <Route
        index
        element={
          <InboxProvider>
            <Inbox />
          </InboxProvider>
        }
      />
      <Route
        path="tools"
        element={
          <Suspense fallback={null}>
            <TeamToolsPage />
          </Suspense>
        }
      />
    </Routes>
  );
}
