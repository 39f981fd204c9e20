import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@wallet/contract/client-api.gen';
import { lazy, Suspense } from 'react';
import { call } from '../../lib/api-client.ts';

const ChatWidget = lazy(() => import('./chat-widget.tsx'));

/** The chat widget when the server enables it (GET /api/lookup/enableChatWidget); its code loads only then. */
export function ChatSlot({ userId }: { userId?: string }) {
  const enabled = useQuery({
    queryKey: ['lookup', 'enableChatWidget'],
    queryFn: ({ signal }) => call(api.lookup.enableChatWidget, { signal }),
    select: (data) => data.enableChatWidget,
    staleTime: 5 * 60_000,
  });
  // a member's unread support messages: the same query as the contact tab's badge in the member shell
  const queryClient = useQueryClient();
  const unread = useQuery({
    queryKey: ['chat', 'unread'],
    queryFn: () => call(api.chat.unread),
    enabled: Boolean(userId && enabled.data),
    staleTime: 30_000,
  });
  if (!enabled.data) return null;
  return (
    <Suspense fallback={null}>
      {userId ? (
        <ChatWidget
          userId={userId}
          memberUnread={unread.data?.count ?? 0}
          onUnread={(count) => queryClient.setQueryData(['chat', 'unread'], { count })}
        />
      ) : (
        <ChatWidget />
      )}
    </Suspense>
  );
}
