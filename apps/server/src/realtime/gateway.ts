import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import {
  SOCKET_PATH,
  socketRooms,
  type ChatServerEvents,
  type MemberServerEvents,
  type OperatorServerEvents,
  type SocketClientEvents,
  type SocketServerEvents,
} from '@wallet/contract/socket-events';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import {
  attachChatSignals,
  deliverChatSignal,
  sendChatSignal,
  type ChatSocketData,
  type ServerSideEvents,
} from './chat-signals.ts';
import {
  authenticate,
  roomsOf,
  sessionRoom,
  SOCKET_UNAUTHORIZED,
  type SocketPrincipal,
  type SocketVerifiers,
} from './socket-auth.ts';

/** How long a dropped socket's rooms and missed pushes are kept for it to recover (docs/dependencies.md §8). */
const RECOVERY_WINDOW_MS = 120_000;

type RealtimeServer = Server<SocketClientEvents, SocketServerEvents, ServerSideEvents, ChatSocketData>;
type RealtimeSocket = Socket<SocketClientEvents, SocketServerEvents, ServerSideEvents, ChatSocketData>;

/** Pushes to connected clients, in this process or (through Redis) any other. */
export interface Realtime {
  /** An event into one member's private room; fire and forget (a member with no socket misses nothing: the app refetches on focus). */
  push<E extends keyof MemberServerEvents>(
    memberId: number,
    event: E,
    ...payload: Parameters<MemberServerEvents[E]>
  ): void;
  /**
   * Disconnect every socket of one member session (`sessionId` null: of all the member's sessions), in this process
   * or any other: the session was revoked.
   */
  disconnectSession(memberId: number, sessionId: string | null): void;
  /** A chat event into a room (`{prefix}-{userId}`, `{prefix}-{guestId}` or the operators' room), any process. */
  toRoom<E extends keyof ChatServerEvents>(room: string, event: E, ...payload: Parameters<ChatServerEvents[E]>): void;
  /** An event to every operator console, any process (the live queues, docs/decisions/0033-live-queues.md). */
  toOperators<E extends keyof OperatorServerEvents>(event: E, ...payload: Parameters<OperatorServerEvents[E]>): void;
}

export type RealtimeOptions = {
  verifiers: SocketVerifiers;
  log: FastifyBaseLogger;
  /** several processes share rooms through Redis streams when set */
  redisUrl?: string;
  /** namespaces the stream and session keys on a shared Redis */
  redisPrefix: string;
  /** the chat room `{prefix}-{userId}` / `{prefix}-{guestId}` of a party (a player's socket is put in its own) */
  chatRoomOf?: (party: { userId: string } | { guestId: string }) => Promise<string>;
  /** milliseconds now (the typing throttle); the app passes its clock */
  now?: () => number;
  /** the operator token of the console's session cookie, for an operator handshake that sends none (ADR 0021) */
  operatorCookieToken?: (headers: Record<string, string | string[] | undefined>) => string | null;
};

/** The handshake's auth; an operator's without a token takes the console's session cookie, if any. */
function handshakeAuth(
  handshake: { auth: unknown; headers: Record<string, string | string[] | undefined> },
  options: RealtimeOptions,
): unknown {
  const auth = handshake.auth as { kind?: unknown; token?: unknown } | null;
  if (auth?.kind !== 'operator' || (typeof auth.token === 'string' && auth.token) || !options.operatorCookieToken) {
    return auth;
  }
  return { kind: 'operator', token: options.operatorCookieToken(handshake.headers) ?? '' };
}

/** The chat rooms a principal's socket is put in besides its own, decided by the server (operators: none). */
function chatRoomsOf(principal: SocketPrincipal, options: RealtimeOptions): Promise<string[]> {
  if (!options.chatRoomOf || principal.kind === 'operator') return Promise.resolve([]);
  const party = principal.kind === 'member' ? { userId: String(principal.memberId) } : { guestId: principal.guestId };
  return options.chatRoomOf(party).then((room) => [room]);
}

export type RealtimeGateway = Realtime & {
  io: RealtimeServer;
  /** Plug in operator sessions (the operator module owns them); until then operator sockets are refused. */
  useOperatorVerifier(verify: NonNullable<SocketVerifiers['operator']>): void;
  close(): Promise<void>;
};

/** The socket.io gateway on the API's own HTTP server (docs/design.md §9.8). */
export function createRealtimeGateway(server: HttpServer, options: RealtimeOptions): RealtimeGateway {
  const verifiers: SocketVerifiers = { ...options.verifiers };
  const redis = options.redisUrl ? new Redis(options.redisUrl, { maxRetriesPerRequest: null }) : null;
  // without a listener ioredis logs connection errors itself; the adapter retries its XREAD loop
  redis?.on('error', (err) => options.log.warn({ err }, 'realtime: redis error'));
  let closing = false;
  const io: RealtimeServer = new Server(server, {
    path: SOCKET_PATH,
    serveClient: false,
    // same origin as the player; a browser elsewhere gets no CORS headers
    cors: undefined,
    // a recovered socket connects at once (skipMiddlewares): socket.io restores its rooms and replays what it missed,
    // and a push emitted while an async middleware still ran was lost to it (a socket is not in the namespace before
    // its middlewares finish). Its identity is proven again right after instead (`reverify` below,
    // docs/decisions/0046-recovered-sockets-verified-after-connect.md).
    connectionStateRecovery: { maxDisconnectionDuration: RECOVERY_WINDOW_MS, skipMiddlewares: true },
    ...(redis
      ? {
          adapter: createAdapter(redis, {
            streamName: `${options.redisPrefix}sio:stream`,
            channelPrefix: `${options.redisPrefix}sio`,
            sessionKeyPrefix: `${options.redisPrefix}sio:session:`,
            maxLen: 10_000,
          }),
        }
      : {}),
  });

  // typing and presence from the other processes (Redis pub/sub, not the recovery stream: chat-signals.ts)
  if (redis) io.on('chat.signal', (signal) => deliverChatSignal(io, signal));

  // every new connect proves who it is; a recovered one proves it again on connection (`reverify`)
  io.use((socket, next) => {
    void authenticate(handshakeAuth(socket.handshake, options), verifiers).then((principal) => {
      // a handshake that finishes while the gateway closes is refused: it would open a socket on a closed adapter
      if (!principal || closing) return next(new Error(SOCKET_UNAUTHORIZED));
      socket.data.principal = principal;
      void chatRoomsOf(principal, options).then((chat) => {
        socket.data.rooms = [...roomsOf(principal), ...chat];
        next();
      }, next);
    }, next);
  });

  /**
   * A recovered socket's identity, proven again: its handshake may carry another token than the one it first came
   * with (a visitor who signed in meanwhile), or a session revoked while it was away. Until this settles it holds
   * only its restored rooms, whose missed pushes socket.io has just replayed to it anyway; then it is put out, or
   * moved to the rooms of whoever it is now.
   */
  async function reverify(socket: RealtimeSocket): Promise<boolean> {
    const principal = await authenticate(handshakeAuth(socket.handshake, options), verifiers);
    const rooms = principal && !closing ? [...roomsOf(principal), ...(await chatRoomsOf(principal, options))] : null;
    if (!principal || !rooms || closing) {
      socket.disconnect(true);
      return false;
    }
    if (socket.disconnected) return false;
    for (const room of socket.rooms) if (room !== socket.id && !rooms.includes(room)) void socket.leave(room);
    void socket.join(rooms);
    socket.data.principal = principal;
    socket.data.rooms = rooms;
    return true;
  }

  io.on('connection', (socket) => {
    if (!socket.recovered) void socket.join(socket.data.rooms);
    const verified = socket.recovered
      ? reverify(socket).catch((err: unknown) => {
          options.log.warn({ err }, 'realtime: a recovered socket could not be verified');
          socket.disconnect(true);
          return false;
        })
      : Promise.resolve(true);
    const { chatRoomOf } = options;
    if (chatRoomOf) {
      // typing and presence speak for the socket's principal: attached once it is known
      void verified.then((ok) => {
        if (!ok) return;
        attachChatSignals(io, socket, {
          chatRoomOf,
          now: options.now ?? (() => Date.now()),
          onError: (err) => options.log.warn({ err }, 'realtime: chat signal not delivered'),
          signal: (signal) => sendChatSignal(io, signal, redis !== null),
        });
      });
    }
    // the chat client's explicit join: only a room the server already gave this socket
    socket.on('join', (payload, ack) => {
      if (typeof ack !== 'function') return;
      const room = typeof payload === 'object' && payload !== null ? (payload as { room?: unknown }).room : undefined;
      void verified.then((ok) => {
        const own = socket.data.rooms;
        ack(
          ok && typeof room === 'string' && own.includes(room)
            ? { ok: true }
            : { ok: false, error: SOCKET_UNAUTHORIZED },
        );
      });
    });
  });

  return {
    io,
    useOperatorVerifier(verify) {
      verifiers.operator = verify;
    },
    push(memberId, event, ...payload) {
      io.to(socketRooms.member(memberId)).emit(event, ...payload);
    },
    disconnectSession(memberId, sessionId) {
      io.in(sessionId ? sessionRoom(sessionId) : socketRooms.member(memberId)).disconnectSockets(true);
    },
    toRoom(room, event, ...payload) {
      io.to(room).emit(event, ...payload);
    },
    toOperators(event, ...payload) {
      io.to(socketRooms.operators).emit(event, ...payload);
    },
    async close() {
      // not io.close(): that would close the HTTP server, which Fastify owns
      closing = true;
      // what io.close() says: "server shutting down" keeps each session for recovery and the client reconnects (to
      // another process behind the balancer) and gets the pushes it missed (docs/decisions/0032-rolling-restarts-and-
      // migrations.md); disconnectSockets() would tell it "io server disconnect", which a client does not come back from
      for (const nsp of io._nsps.values())
        for (const socket of nsp.sockets.values()) socket._onclose('server shutting down');
      io.engine.close();
      const adapters = [...io._nsps.values()].map((nsp) => nsp.adapter);
      await Promise.allSettled(adapters.map((adapter) => adapter.close()));
      // the streams adapter writes some commands without awaiting them (a dropped socket's session, a pub/sub
      // request): one issued after QUIT is refused by the closing connection as an unhandled "Connection is
      // closed." (the bench's shutdown). Nothing is written from here on; its own awaited writes are done.
      for (const adapter of adapters) silence(adapter);
      if (redis) await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** An adapter that writes nothing more: sessions are not persisted, publishes are dropped (its client is closing). */
function silence(adapter: object): void {
  const writes = adapter as { persistSession?: (session: unknown) => void; doPublish?: (message: unknown) => unknown };
  if (writes.persistSession) writes.persistSession = () => undefined;
  if (writes.doPublish) writes.doPublish = () => Promise.resolve('');
}
