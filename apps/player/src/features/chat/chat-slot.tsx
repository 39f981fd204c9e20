import { lazy, Suspense } from 'react';
import { useChatWidgetEnabled } from '../../api/lookup.ts';

const ChatWidget = lazy(() => import('./chat-widget.tsx'));

/** The chat widget when the server enables it (GET /api/lookup/enableChatWidget); its code loads only then. */
export function ChatSlot({ userId }: { userId?: string }) {
  const enabled = useChatWidgetEnabled();
  if (!enabled.data) return null;
  return (
    <Suspense fallback={null}>
      <ChatWidget {...(userId ? { userId } : {})} />
    </Suspense>
  );
}
