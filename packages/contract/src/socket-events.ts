import type { Conversation } from './chat.ts';

/** Events the server emits to chat clients. */
export type ChatServerEvents = {
  messaging: (conversation: Conversation) => void;
  read: (payload: { userId?: string; guestId?: string }) => void;
};
/** Events chat clients emit. */
export type ChatClientEvents = {
  join: (payload: { room: string; token?: string }, ack: (result: { ok: boolean; error?: string }) => void) => void;
};

/** The room a chat party listens on: `prefix-userId` or `prefix-guestId`. */
export function chatRoom(prefix: string, party: { userId?: string; guestId?: string }): string {
  const id = party.userId ?? party.guestId;
  if (!id) throw new Error('chat party needs a userId or a guestId');
  return `${prefix}-${id}`;
}
