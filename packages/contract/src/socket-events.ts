import type { ChatConversationSummary } from './admin/chat.ts';
import type { QueueChanged } from './admin/queues.ts';
import type { Conversation } from './chat.ts';
import type { InboxEntry } from './inbox.ts';

/** Events the server emits to chat clients. */
export type ChatServerEvents = {
  messaging: (conversation: Conversation) => void;
  read: (payload: { userId?: string; guestId?: string }) => void;
  /** to operators: a conversation's inbox row changed (new message, read, assigned, resolved) */
  'chat.conversation': (summary: ChatConversationSummary) => void;
  /** to the player: support resolved the conversation; later messages carry a new session_id */
  'chat.ended': (payload: { session_id: string }) => void;
  /**
   * Someone is typing (or stopped). To the player: `from: 'support'`. To operators: `from: 'customer'` with the
   * party's id, so the inbox finds the conversation. A receiver drops the indicator after CHAT_TYPING_TTL_MS (limits.ts)
   * without a refresh.
   */
  'chat.typing': (payload: ChatTyping) => void;
  /** to operators: who of the support team is connected, and their status (any process) */
  'chat.presence': (payload: ChatPresence) => void;
};

type ChatTyping = { from: 'customer' | 'support'; typing: boolean; userId?: string; guestId?: string };
export type OperatorStatus = 'online' | 'away';
/** The support team as the sockets say: one entry per connected operator (online if any of its tabs is). */
export type ChatPresence = { operators: { operatorId: string; status: OperatorStatus }[] };
/** Events chat clients emit. */
export type ChatClientEvents = {
  join: (payload: { room: string; token?: string }, ack: (result: { ok: boolean; error?: string }) => void) => void;
  /** a player: about its own conversation; an operator: about the party it names (`userId` or `guestId`) */
  typing: (payload: { typing: boolean; userId?: string; guestId?: string }) => void;
  /** operators only: set this socket's status; the ack carries the team's presence */
  presence: (payload: { status: OperatorStatus }, ack?: (presence: ChatPresence) => void) => void;
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
/** Where the widget keeps its guest token (docs/spec.md §3: local storage holds the guest id). */
export const CHAT_GUEST_STORAGE_KEY = 'chatGuest';

/** The one socket.io endpoint of the server (same origin and port as the API). */
export const SOCKET_PATH = '/socket.io';

/**
 * How a socket says who it is, in the handshake's `auth`: a member with the session token, an operator with the
 * operator token, a chat guest with the server-signed guest token. Anything else is refused on connect.
 */
/** `purpose: 'queues'`: the console's live-queue feed, a second operator socket that is no chat presence. */
export type SocketAuth =
  | { kind: 'member'; token: string }
  | { kind: 'operator'; token: string; purpose?: 'queues' }
  | { kind: 'guest'; token: string };

/**
 * Why a member's balances moved; the client refetches the wallet either way. `condition`: a promotion condition
 * started or ended (the bonus state changed).
 */
export type WalletChanged = { reason: 'ledger' | 'game' | 'withdrawal' | 'condition' };

/** A deposit reached the wallet: the deposit modal shows the amount (major units). */
export type DepositCredited = { depositId: string; channel: string; amount: number; currency: string };

/**
 * The bonus chosen for a deposit (docs/decisions/0042-bets-and-bonus-at-deposit.md): claimed with the credit, or skipped
 * and why (an error code such as BONUS_ALREADY_ACTIVE, or HELD_FOR_REVIEW); amount in major units (0 when skipped).
 */
export type DepositBonus = { code: string; status: 'claimed' | 'skipped'; reason: string | null; amount: number };

/** Events the server pushes into a member's private room (docs/design.md §9.8). */
export type MemberServerEvents = {
  'wallet.changed': (payload: WalletChanged) => void;
  'deposit.credited': (payload: DepositCredited) => void;
  'deposit.bonus': (payload: DepositBonus) => void;
  /** support messages the member has not read yet (the contact tab's badge) */
  'chat.unread': (payload: { count: number }) => void;
  /** a new notification in the member's inbox (the toast) and the unread count after it (the top bar badge) */
  'inbox.added': (payload: { entry: InboxEntry; unread: number }) => void;
};

/** Events the server pushes to the operators' room (docs/decisions/0033-live-queues.md). */
export type OperatorServerEvents = {
  /** a row of a work queue changed (withdrawal, deposit in review, adjustment, approval): refetch, with the counts */
  'queue.changed': (payload: QueueChanged) => void;
};

/** Events every authenticated socket may emit. */
export type SocketClientEvents = ChatClientEvents;
/** Everything the server may emit on the one socket. */
export type SocketServerEvents = MemberServerEvents & ChatServerEvents & OperatorServerEvents;

/** The private rooms a socket joins; the server alone decides them (a client cannot join another's room). */
export const socketRooms = {
  member: (memberId: number | string) => `member:${memberId}`,
  guest: (guestId: string) => `guest:${guestId}`,
  operators: 'operator',
} as const;
