import { randomBytes } from 'node:crypto';
import { CHAT_GUEST_HEADER } from '@wallet/contract/socket-events';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MEMBER } from '../../src/bootstrap/demo.ts';
import { systemClock } from '../../src/clock.ts';
import { openDatabase } from '../../src/db/client.ts';
import { operators } from '../../src/db/schema/auth.ts';
import { DEMO_OPERATOR } from '../../src/modules/auth/demo-operator.ts';
import { OperatorSessionService } from '../../src/modules/auth/operator-sessions.ts';
import {
  createPostgresDatabase,
  pollUntil,
  startServerProcess,
  type ServerProcess,
} from '../helpers/server-process.ts';
import { connectSocket, nextEvent, record, type TestSocket } from '../realtime/socket-client.ts';

/**
 * Chat across processes (docs/design.md §9.8): two server processes sharing PostgreSQL and Redis. A chat message sent through process A
 * reaches a socket on process B (outbox relay → socket.io Redis streams adapter), and messages sent while a socket
 * was down are recovered when it reconnects to the other process.
 */
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
let a: ServerProcess;
let b: ServerProcess;
let env: Record<string, string>;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  database = await createPostgresDatabase();
  env = {
    DATABASE_URL: database.url,
    REDIS_URL,
    REDIS_PREFIX: `test:${randomBytes(6).toString('hex')}:`,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    PROVIDER_SECRET: randomBytes(16).toString('hex'),
    DEMO_DATA: 'true',
  };
  // A runs the outbox relay (JOBS on); B only serves sockets: every push B's socket gets crossed Redis
  a = await startServerProcess({ ...env, JOBS: 'true' });
  b = await startServerProcess(env);
}, 120_000);

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.drop();
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${env.REDIS_PREFIX}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

async function send(server: ServerProcess, headers: Record<string, string>, payload: string) {
  const res = await fetch(`${server.base}/api/chat/send-message`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ sender: 'customer', message: { message_type: 'text', payload } }),
  });
  expect(res.status).toBe(200);
}

describe('chat across two server processes', () => {
  it('delivers a guest message sent through A to the guest socket on B', async () => {
    const issued = await fetch(`${a.base}/api/chat/guest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    const guest = (await issued.json()) as { guestId: string; token: string };
    const socket = await connectSocket(b.base, { kind: 'guest', token: guest.token });
    sockets.push(socket);
    expect(await socket.emitWithAck('join', { room: `wallet-${guest.guestId}` })).toEqual({ ok: true });
    const arrived = nextEvent(socket, 'messaging', 10_000);
    await send(a, { [CHAT_GUEST_HEADER]: guest.token }, 'across processes');
    const got = await arrived.catch((err: unknown) => {
      throw new Error(`${String(err)}\nA:\n${a.output().slice(-3000)}\nB:\n${b.output().slice(-3000)}`);
    });
    expect(got).toMatchObject({
      sender: 'customer',
      guestId: guest.guestId,
      message: { payload: 'across processes' },
    });
  });

  it('recovers chat messages missed while disconnected when the member reconnects to the other process', async () => {
    const login = await fetch(`${a.base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: DEMO_MEMBER.username, password: DEMO_MEMBER.password }),
    });
    const { token } = (await login.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };
    const socket = await connectSocket(b.base, { kind: 'member', token });
    sockets.push(socket);
    // a second socket of the member stays connected: it tells when a message has been relayed to the room
    const watcher = await connectSocket(b.base, { kind: 'member', token });
    sockets.push(watcher);
    const watched = record(watcher);
    const payloads = (seenBy: Map<string, unknown[]>) =>
      (seenBy.get('messaging') ?? []).map((m) => (m as { message: { payload: string } }).message.payload);
    const first = nextEvent(socket, 'messaging', 10_000);
    await send(a, auth, 'one');
    await first;
    const seen = record(socket);

    const dropped = new Promise((resolve) => socket.once('disconnect', resolve));
    socket.io.engine.close();
    await dropped;
    // the message is relayed while the first socket is away (not while it is reconnecting: that is no missed message)
    await send(a, auth, 'two, while down');
    expect(await pollUntil(async () => payloads(watched).includes('two, while down'), 20_000)).toBe(true);
    (socket.io as unknown as { uri: string }).uri = a.base;
    const reconnected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.connect();
    await reconnected;
    expect(socket.recovered).toBe(true);
    expect(
      await pollUntil(
        async () => payloads(seen).includes('two, while down'),
        // a bound on waiting, not a timing assertion: the relay polls, and CI runs many files at once
        20_000,
      ),
    ).toBe(true);
  });
});

/** A session of the seeded demo operator, made in the shared database (the processes verify it like any other). */
async function operatorToken(): Promise<string> {
  const db = await openDatabase({ databaseUrl: database.url, dataDir: '' });
  try {
    const [row] = await db.db.select().from(operators).where(eq(operators.username, DEMO_OPERATOR.username));
    return await new OperatorSessionService(db.db, env.JWT_SECRET!, systemClock).create(row!.id);
  } finally {
    await db.close();
  }
}

describe('typing and presence across two server processes', () => {
  it('carries typing both ways and reads the team presence from the sockets of both processes', async () => {
    const issued = await fetch(`${b.base}/api/chat/guest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    const guest = (await issued.json()) as { guestId: string; token: string };
    const token = await operatorToken();
    const guestSocket = await connectSocket(b.base, { kind: 'guest', token: guest.token });
    const onA = await connectSocket(a.base, { kind: 'operator', token });
    const onB = await connectSocket(b.base, { kind: 'operator', token });
    sockets.push(guestSocket, onA, onB);

    // the operator on the other process (a server-side emit) and the one on the guest's own process (at once)
    const toOperator = nextEvent(onA, 'chat.typing', 10_000);
    const toOperatorHere = nextEvent(onB, 'chat.typing', 10_000);
    guestSocket.emit('typing', { typing: true });
    expect(await toOperator).toEqual({ from: 'customer', typing: true, guestId: guest.guestId });
    expect(await toOperatorHere).toEqual({ from: 'customer', typing: true, guestId: guest.guestId });
    const toGuest = nextEvent(guestSocket, 'chat.typing', 10_000);
    onA.emit('typing', { typing: true, guestId: guest.guestId });
    expect(await toGuest).toEqual({ from: 'support', typing: true });

    // A's tab goes away while B's stays online: the operator is online only if A sees B's socket through Redis
    const onAId = (await onA.emitWithAck('presence', { status: 'away' })).operators;
    expect(onAId).toEqual([{ operatorId: expect.any(String), status: 'online' }]);
    const seen = record(onA);
    await onB.emitWithAck('presence', { status: 'away' });
    const isAway = (p: unknown) => (p as { operators: { status: string }[] }).operators[0]?.status === 'away';
    // a bound on waiting for B's broadcast to cross Redis, not a timing assertion
    expect(await pollUntil(async () => (seen.get('chat.presence') ?? []).some(isAway), 10_000)).toBe(true);

    // none of it went into the recovery stream (what a dropped socket is replayed, ADR 0046): signals are ephemeral
    const redis = new Redis(REDIS_URL);
    const entries = await redis.xrange(`${env.REDIS_PREFIX}sio:stream`, '-', '+');
    await redis.quit();
    const events = entries.flatMap(([, fields]) => fields.filter((f) => /"chat\.(typing|presence)"/.test(f)));
    expect(events).toEqual([]);
  });
});
