import {
  socketRooms,
  type ChatServerEvents,
  type ChatPresence,
  type OperatorStatus,
  type SocketClientEvents,
  type SocketServerEvents,
} from '@wallet/contract/socket-events';
import type { Server, Socket } from 'socket.io';
import type { SocketPrincipal } from './socket-auth.ts';

/** The server drops a socket's `typing: true` about the same party sooner than this after the last (clients send every 2 s). */
const TYPING_MIN_GAP_MS = 1_000;
const PARTY_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** the parties one operator socket's typing throttle remembers */
const TYPING_KEYS_MAX = 1_000;

export type ChatSocketData = { principal: SocketPrincipal; rooms: string[]; status?: OperatorStatus };

/**
 * A typing indicator or the team's presence for the sockets of one room. These are ephemeral: they never go through the
 * adapter's Redis stream, which holds what a dropped socket gets back when it recovers (the messages and pushes,
 * docs/decisions/0046-recovered-sockets-verified-after-connect.md), so they neither take a stream entry per keystroke
 * from the 10,000 it keeps (pushing out what a dropped socket would get back) nor wait for the stream's XADD before
 * reaching this process's own sockets. Each process delivers a signal to its own sockets at once and tells the others by
 * socket.io's server-side emit, which the streams adapter sends through Redis pub/sub, not the stream. Not volatile:
 * a volatile emit is dropped while the socket's previous write is still in flight, and the stop of a typing indicator
 * must arrive; a console that reconnects is sent the team's presence anew.
 */
type ChatTyping = Parameters<ChatServerEvents['chat.typing']>[0];
export type ChatSignal =
  | { room: string; event: 'chat.typing'; payload: ChatTyping }
  | { room: string; event: 'chat.presence'; payload: ChatPresence };
/** What the processes tell each other (server-side emits). */
export type ServerSideEvents = { 'chat.signal': (signal: ChatSignal) => void };
type ChatServer = Server<SocketClientEvents, SocketServerEvents, ServerSideEvents, ChatSocketData>;
type ChatSocket = Socket<SocketClientEvents, SocketServerEvents, ServerSideEvents, ChatSocketData>;

/** A signal to this process's sockets in its room (and nowhere else). */
export function deliverChatSignal(io: ChatServer, signal: ChatSignal): void {
  if (signal.event === 'chat.typing') io.local.to(signal.room).emit('chat.typing', signal.payload);
  else io.local.to(signal.room).emit('chat.presence', signal.payload);
}

/** A signal to its room's sockets on every process: here at once, the others through Redis pub/sub when clustered. */
export function sendChatSignal(io: ChatServer, signal: ChatSignal, clustered: boolean): void {
  deliverChatSignal(io, signal);
  if (clustered) io.serverSideEmit('chat.signal', signal);
}

type ChatSignalOptions = {
  /** the chat room `{prefix}-{userId}` / `{prefix}-{guestId}` of a party */
  chatRoomOf(party: { userId: string } | { guestId: string }): Promise<string>;
  now(): number;
  onError(err: unknown): void;
  /** a signal to a room on every process (sendChatSignal) */
  signal(signal: ChatSignal): void;
};

/** The party an operator names, when it is well formed (one of userId / guestId). */
function partyOf(payload: { userId?: unknown; guestId?: unknown }): { userId: string } | { guestId: string } | null {
  if (typeof payload.userId === 'string' && PARTY_ID.test(payload.userId)) return { userId: payload.userId };
  if (typeof payload.guestId === 'string' && PARTY_ID.test(payload.guestId)) return { guestId: payload.guestId };
  return null;
}

/**
 * The support team's presence, read from the operator sockets themselves on every process (the adapter asks the
 * others): an operator is online when any of its sockets says so, away when all say away, absent when none is connected.
 */
async function presenceOf(io: ChatServer): Promise<ChatPresence> {
  const sockets = await io.in(socketRooms.operators).fetchSockets();
  const byOperator = new Map<string, OperatorStatus>();
  for (const socket of sockets) {
    const { principal, status } = socket.data;
    // only the chat's own sockets say where an operator is (the live-queue feed's socket has no status)
    if (principal?.kind !== 'operator' || !status) continue;
    const current = byOperator.get(principal.operatorId);
    byOperator.set(principal.operatorId, current === 'online' || status !== 'away' ? 'online' : 'away');
  }
  const operators = [...byOperator].map(([operatorId, s]) => ({ operatorId, status: s }));
  operators.sort((x, y) => x.operatorId.localeCompare(y.operatorId));
  return { operators };
}

/**
 * Typing indicators and operator presence on one socket. Typing: a player's goes to the operators with its own
 * party id (taken from its principal, never from the payload); an operator's goes to the chat room of the party it
 * names. Both cross processes, outside the recovery stream (`ChatSignal`).
 */
export function attachChatSignals(io: ChatServer, socket: ChatSocket, options: ChatSignalOptions): void {
  const principal = socket.data.principal;
  // when this socket last passed a `typing: true`, per party it was about (a player's: its own, one key)
  const lastTypingAt = new Map<string, number>();
  const passes = (key: string, typing: boolean) => {
    const now = options.now();
    if (!typing) {
      lastTypingAt.delete(key);
      return true;
    }
    if (now - (lastTypingAt.get(key) ?? Number.NEGATIVE_INFINITY) < TYPING_MIN_GAP_MS) return false;
    // an operator answering many players: forget the oldest rather than grow without bound
    if (lastTypingAt.size >= TYPING_KEYS_MAX) lastTypingAt.delete(lastTypingAt.keys().next().value!);
    lastTypingAt.set(key, now);
    return true;
  };
  const toOperators = (payload: ChatTyping) =>
    options.signal({ room: socketRooms.operators, event: 'chat.typing', payload });
  const presenceToOperators = (payload: ChatPresence) =>
    options.signal({ room: socketRooms.operators, event: 'chat.presence', payload });
  const broadcastPresence = () => presenceOf(io).then(presenceToOperators, options.onError);

  socket.on('typing', (payload) => {
    if (typeof payload !== 'object' || payload === null) return;
    const typing = (payload as { typing?: unknown }).typing === true;
    if (principal.kind !== 'operator' && !passes('own', typing)) return;
    if (principal.kind === 'member') {
      toOperators({ from: 'customer', typing, userId: String(principal.memberId) });
    } else if (principal.kind === 'guest') {
      toOperators({ from: 'customer', typing, guestId: principal.guestId });
    } else {
      const party = partyOf(payload);
      if (!party || !passes('userId' in party ? `u:${party.userId}` : `g:${party.guestId}`, typing)) return;
      void options
        .chatRoomOf(party)
        .then(
          (room) => options.signal({ room, event: 'chat.typing', payload: { from: 'support', typing } }),
          options.onError,
        );
    }
  });

  if (principal.kind !== 'operator') return;
  // the console's live-queue feed is a second socket of the same operator: it says nothing of presence
  if ((socket.handshake.auth as { purpose?: unknown } | null)?.purpose === 'queues') return;
  socket.data.status ??= 'online';
  socket.on('presence', (payload, ack) => {
    const status = typeof payload === 'object' && payload !== null ? (payload as { status?: unknown }).status : null;
    if (status !== 'online' && status !== 'away') return;
    socket.data.status = status;
    void presenceOf(io).then((presence) => {
      presenceToOperators(presence);
      if (typeof ack === 'function') ack(presence);
    }, options.onError);
  });
  // a connect or a drop changes the team's presence: tell every operator console
  void broadcastPresence();
  socket.on('disconnect', () => void broadcastPresence());
}
