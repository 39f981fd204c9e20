import { useQuery } from '@tanstack/react-query';
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
  if (!enabled.data) return null;
  return (
    <Suspense fallback={null}>
      <ChatWidget {...(userId ? { userId } : {})} />
    </Suspense>
  );
}
