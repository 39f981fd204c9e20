import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SOCKET_PATH, socketRooms } from '@wallet/contract/socket-events';
import pino from 'pino';
import { io } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { createRealtimeGateway, type RealtimeGateway } from '../../src/realtime/gateway.ts';
import type { SocketVerifiers } from '../../src/realtime/socket-auth.ts';
import { nextEvent, type TestSocket } from './socket-client.ts';

/**
 * A socket that drops and comes back within the recovery window (docs/decisions/0046-recovered-sockets-
 * verified-after-connect.md): it gets every push it missed, including one emitted while its identity is being proven again, and
 * it is who its handshake says it is now (put out when its session was revoked meanwhile, moved to a member's rooms
 * when the visitor signed in meanwhile).
 */

/** A held identity check: the next member check waits until `open()`; `entered` says when it began waiting. */
function gate() {
  let open!: () => void;
  let enter!: () => void;
  const wait = new Promise<void>((resolve) => (open = resolve));
  const entered = new Promise<void>((resolve) => (enter = resolve));
  return { wait, open, entered, enter };
}

const revoked = new Set<string>();
let held: ReturnType<typeof gate> | null = null;

const verifiers: SocketVerifiers = {
  async member(token) {
    const current = held;
    if (current) {
      current.enter();
      await current.wait;
    }
    const [, id, session] = /^member-(\d+)-(\w+)$/.exec(token) ?? [];
    if (!id || !session || revoked.has(session)) throw new Error('bad token');
    return { memberId: Number(id), sessionId: session };
  },
  async guest(token) {
    const [, guestId] = /^guest-(\w+)$/.exec(token) ?? [];
    if (!guestId) throw new Error('bad token');
    return { guestId };
  },
};

let http: HttpServer;
let gateway: RealtimeGateway;
let base: string;
const open: TestSocket[] = [];

async function start(): Promise<void> {
  http = createServer();
  gateway = createRealtimeGateway(http, { verifiers, log: pino({ level: 'silent' }), redisPrefix: 'test:' });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
}

/** A reconnecting client (as the apps' are) that has received one push, so it holds an offset to recover from. */
async function recoverable(auth: { kind: 'member' | 'guest'; token: string }, prime: () => void): Promise<TestSocket> {
  const socket: TestSocket = io(base, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    forceNew: true,
    reconnectionDelay: 10,
    reconnectionDelayMax: 10,
    auth,
  });
  open.push(socket);
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const first = nextEvent(socket, 'wallet.changed');
  prime();
  await first;
  return socket;
}

afterEach(async () => {
  for (const socket of open.splice(0)) socket.close();
  held = null;
  revoked.clear();
  await gateway.close();
  await new Promise<void>((resolve) => http.close(() => resolve()));
});

describe('connection state recovery', () => {
  it('delivers a push emitted while the recovered socket proves who it is', async () => {
    await start();
    const socket = await recoverable({ kind: 'member', token: 'member-7-s1' }, () =>
      gateway.push(7, 'wallet.changed', { reason: 'ledger' }),
    );
    const check = gate();
    held = check;
    const pushes: unknown[] = [];
    socket.on('wallet.changed', (payload) => pushes.push(payload));
    const recovered = new Promise<boolean>((resolve) => socket.once('connect', () => resolve(socket.recovered)));
    socket.io.engine.close();
    // the handshake's identity check is under way: a push now must not fall between the two
    await check.entered;
    gateway.push(7, 'wallet.changed', { reason: 'game' });
    check.open();
    expect(await recovered).toBe(true);
    await expect.poll(() => pushes, { timeout: 10_000 }).toEqual([{ reason: 'game' }]);
  });

  it('puts out a socket whose session was revoked while it was away', async () => {
    await start();
    const socket = await recoverable({ kind: 'member', token: 'member-8-s2' }, () =>
      gateway.push(8, 'wallet.changed', { reason: 'ledger' }),
    );
    revoked.add('s2');
    const putOut = new Promise<string>((resolve) =>
      socket.on('disconnect', (reason) => {
        if (reason === 'io server disconnect') resolve(reason);
      }),
    );
    socket.io.engine.close();
    expect(await putOut).toBe('io server disconnect');
    // and it holds none of the member's rooms any more
    const inRoom = await gateway.io.in(socketRooms.member(8)).fetchSockets();
    expect(inRoom).toHaveLength(0);
  });

  it("moves a visitor who signed in meanwhile to the member's rooms, out of the guest's", async () => {
    await start();
    const socket = await recoverable({ kind: 'guest', token: 'guest-g1' }, () =>
      gateway.io.to(socketRooms.guest('g1')).emit('wallet.changed', { reason: 'ledger' }),
    );
    const seen: unknown[] = [];
    socket.on('wallet.changed', (payload) => seen.push(payload));
    socket.auth = { kind: 'member', token: 'member-9-s3' };
    const recovered = new Promise<boolean>((resolve) => socket.once('connect', () => resolve(socket.recovered)));
    socket.io.engine.close();
    expect(await recovered).toBe(true);
    await expect
      .poll(async () => (await gateway.io.in(socketRooms.member(9)).fetchSockets()).length, { timeout: 10_000 })
      .toBe(1);
    expect(await gateway.io.in(socketRooms.guest('g1')).fetchSockets()).toHaveLength(0);
    gateway.io.to(socketRooms.guest('g1')).emit('wallet.changed', { reason: 'game' });
    gateway.push(9, 'wallet.changed', { reason: 'ledger' });
    await expect.poll(() => seen, { timeout: 10_000 }).toEqual([{ reason: 'ledger' }]);
  });
});
