import { useInfiniteQuery } from '@tanstack/react-query';
import type { InboxEntry } from '@wallet/contract/inbox';
import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { Button } from '@wallet/ui/button';
import { EmptyState } from '@wallet/ui/empty-state';
import { Modal } from '@wallet/ui/modal';
import { Spinner } from '@wallet/ui/spinner';
import { formatRelativeTime } from '@wallet/web-core/format';
import { inboxQueries, useMarkRead } from '../../api/inbox.ts';
import { useNotificationStrings } from './notification-strings.ts';
import { notificationLink, notificationText } from './notification-text.ts';

export type InboxSheetProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** an entry was chosen: go to its screen (the statement, the bonus screen) */
  onNavigate: (to: string) => void;
};

/** The member's notifications, newest first, a page at a time (docs/decisions/0043-in-app-notifications.md). */
export function InboxSheet({ open, onOpenChange, onNavigate }: InboxSheetProps) {
  // the default namespace: asking i18next for `notifications` would have its backend load it (it is not there)
  const { t, i18n } = useTranslation();
  const isReady = useNotificationStrings();
  const list = useInfiniteQuery(inboxQueries.list());
  const markRead = useMarkRead();
  const entries = list.data?.pages.flatMap((page) => page.entries) ?? [];
  const hasUnread = (list.data?.pages[0]?.unread ?? 0) > 0;

  const handleOpen = (entry: InboxEntry) => {
    if (!entry.isRead) markRead.mutate(entry);
    onOpenChange(false);
    onNavigate(notificationLink(entry));
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('notifications:title')}
      footer={
        hasUnread ? (
          <Button variant="secondary" isBlock isLoading={markRead.isPending} onClick={() => markRead.mutate(undefined)}>
            {t('notifications:markAllRead')}
          </Button>
        ) : undefined
      }
    >
      <div data-testid="inbox-sheet" data-ready={isReady || undefined}>
        {list.isPending && (
          <div className="flex justify-center py-10">
            <Spinner size="lg" />
          </div>
        )}
        {list.isError && (
          <EmptyState
            icon="alert"
            title={t('notifications:loadFailed')}
            action={
              <Button variant="secondary" isLoading={list.isFetching} onClick={() => void list.refetch()}>
                {t('notifications:retry')}
              </Button>
            }
          />
        )}
        {list.isSuccess && entries.length === 0 && <EmptyState title={t('notifications:empty')} />}
        <ul className="flex flex-col gap-2">
          {entries.map((entry) => {
            const text = notificationText(t, entry);
            return (
              <li key={entry.id}>
                <button
                  type="button"
                  onClick={() => handleOpen(entry)}
                  data-testid="inbox-entry"
                  data-kind={entry.kind}
                  className={clsx(
                    'flex min-h-11 w-full items-start gap-3 rounded-2xl px-4 py-3 text-left ring-1 ring-line ring-inset transition hover:bg-white/5',
                    entry.isRead ? 'bg-transparent' : 'bg-surface-2',
                  )}
                >
                  <span
                    aria-label={entry.isRead ? undefined : t('notifications:unread')}
                    className={clsx(
                      'mt-2 size-2 shrink-0 rounded-full',
                      entry.isRead ? 'bg-transparent' : 'bg-primary',
                    )}
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block font-semibold break-words">{text.title}</span>
                    <span className="block text-sm break-words text-muted">{text.body}</span>
                    <span className="mt-1 block text-xs text-muted">
                      {formatRelativeTime(entry.createdAt, i18n.language)}
                    </span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
        {list.hasNextPage && (
          <Button
            variant="ghost"
            isBlock
            className="mt-3"
            isLoading={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {t('notifications:loadMore')}
          </Button>
        )}
      </div>
    </Modal>
  );
}
