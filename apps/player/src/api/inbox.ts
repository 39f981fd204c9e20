import { api } from '@wallet/contract/client-api.gen';
import type { InboxEntry } from '@wallet/contract/inbox';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../lib/api-client.ts';

/** One inbox page (docs/decisions/0043-in-app-notifications.md). */
const INBOX_PAGE_SIZE = 20;

export const inboxQueries = {
  all: ['inbox'] as const,
  /** GET /api/inbox/unread: the top bar badge; the socket's `inbox.added` sets it */
  unread: () =>
    queryOptions({
      queryKey: ['inbox', 'unread'] as const,
      queryFn: ({ signal }) => call(api.inbox.unread, { signal }),
    }),
  /** GET /api/inbox?page: the newest first, one page after another */
  list: () =>
    infiniteQueryOptions({
      queryKey: ['inbox', 'list'] as const,
      queryFn: ({ pageParam, signal }) =>
        call(api.inbox.list, { query: { page: pageParam, limit: INBOX_PAGE_SIZE }, signal }),
      initialPageParam: 1,
      getNextPageParam: (last, pages) => (pages.length * INBOX_PAGE_SIZE < last.total ? pages.length + 1 : undefined),
      staleTime: 0,
    }),
};

/** A new entry pushed by the server: the badge takes its count, the list reads again when it is next shown. */
export function inboxAdded(queryClient: ReturnType<typeof useQueryClient>, unread: number): void {
  queryClient.setQueryData(inboxQueries.unread().queryKey, { unread });
  void queryClient.invalidateQueries({ queryKey: inboxQueries.list().queryKey });
}

/** POST /api/inbox/:id/read or /api/inbox/read-all (no id): the badge takes the answer's count. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entry?: InboxEntry) =>
      entry ? call(api.inbox.read, { params: { id: entry.id } }) : call(api.inbox.readAll),
    onSuccess: ({ unread }) => {
      queryClient.setQueryData(inboxQueries.unread().queryKey, { unread });
      void queryClient.invalidateQueries({ queryKey: inboxQueries.list().queryKey });
    },
  });
}
