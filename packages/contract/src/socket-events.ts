import type { ChatConversationSummary } from './admin/chat.ts';
import type { Conversation } from './chat.ts';

/** Events the server emits to chat clients. */
export type ChatServerEvents = {
  messaging: (conversation: Conversation) => void;
  read: (payload: { userId?: string; guestId?: string }) => void;
  /** to operators: a conversation's inbox row changed (new message, read, assigned, resolved) */
  'chat.conversation': (summary: ChatConversationSummary) => void;
  /** to the player: support resolved the conversation; later messages carry a new session_id */
  'chat.ended': (payload: { session_id: string }) => void;
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

/**
 * A chat guest proves its guest id with the server-signed token from `POST /api/chat/guest`, sent in this header
 * on every chat call (and as the socket's `auth`). The `guestId` in a body is never trusted.
 */
export const CHAT_GUEST_HEADER = 'x-chat-guest';
/** Where the widget keeps its guest token (SPEC.md §3: local storage holds the guest id). */
export const CHAT_GUEST_STORAGE_KEY = 'chatGuest';

/** The one socket.io endpoint of the server (same origin and port as the API). */
export const SOCKET_PATH = '/socket.io';

/**
 * How a socket says who it is, in the handshake's `auth`: a member with the session token, an operator with the
 * operator token, a chat guest with the server-signed guest token. Anything else is refused on connect.
 */
export type SocketAuth =
  { kind: 'member'; token: string } | { kind: 'operator'; token: string } | { kind: 'guest'; token: string };

/**
 * Why a member's balances moved; the client refetches the wallet either way. `condition`: a promotion condition
 * started or ended (the bonus state changed).
 */
export type WalletChanged = { reason: 'ledger' | 'game' | 'withdrawal' | 'condition' };

/** A deposit reached the wallet: the deposit modal shows the amount (major units). */
export type DepositCredited = { depositId: string; channel: string; amount: number; currency: string };

/** Events the server pushes into a member's private room (DESIGN.md §9.8). */
export type MemberServerEvents = {
  'wallet.changed': (payload: WalletChanged) => void;
  'deposit.credited': (payload: DepositCredited) => void;
};

/** Events every authenticated socket may emit. */
export type SocketClientEvents = ChatClientEvents;
/** Everything the server may emit on the one socket. */
export type SocketServerEvents = MemberServerEvents & ChatServerEvents;

/** The private rooms a socket joins; the server alone decides them (a client cannot join another's room). */
export const socketRooms = {
  member: (memberId: number | string) => `member:${memberId}`,
  guest: (guestId: string) => `guest:${guestId}`,
  operators: 'operator',
} as const;
