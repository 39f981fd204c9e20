import {
  SOCKET_PATH,
  type SocketAuth,
  type SocketClientEvents,
  type SocketServerEvents,
} from '@wallet/contract/socket-events';
import { io, type Socket } from 'socket.io-client';

export type TestSocket = Socket<SocketServerEvents, SocketClientEvents>;

/** Connect to `base` with a handshake auth; resolves once connected, rejects with the server's refusal message. */
export function connectSocket(base: string, auth?: SocketAuth | Record<string, unknown>): Promise<TestSocket> {
  const socket: TestSocket = io(base, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    ...(auth ? { auth } : {}),
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

/** Everything a socket received, by event name, for assertions that wait for state. */
export function record(socket: TestSocket): Map<string, unknown[]> {
  const seen = new Map<string, unknown[]>();
  socket.onAny((event: string, ...args: unknown[]) => {
    seen.set(event, [...(seen.get(event) ?? []), args[0]]);
  });
  return seen;
}

/** The next `event` on `socket`, or a rejection after `ms` (a deadline, not a sleep). */
export function nextEvent(socket: TestSocket, event: string, ms = 5000): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    socket.once(event as 'wallet.changed', (payload: unknown) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}
