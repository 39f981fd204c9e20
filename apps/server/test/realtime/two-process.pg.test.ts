import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { WALLET_CODE } from '@wallet/contract/limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MEMBER } from '../../src/bootstrap/demo.ts';
import {
  createPostgresDatabase,
  pollUntil,
  runServerScript,
  startServerProcess,
  type ServerProcess,
} from '../helpers/server-process.ts';
import { connectSocket, nextEvent, record, type TestSocket } from './socket-client.ts';

/**
 * Settings and realtime across processes (ADR 0015): two real server processes on one PostgreSQL database and one Redis. A settings change
 * made by one process is seen by the others within 1 s, a wallet.changed push caused by a request to process A
 * reaches a socket connected to process B (the wallet module's outbox subscriber pushes it, in whichever process
 * delivers the event), and a logout through A disconnects the session's socket on B.
 */
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const SEEN_WITHIN_MS = 1000;

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
    // a fresh namespace per run: other runs' notices and streams never reach these processes
    REDIS_PREFIX: `test:${randomBytes(6).toString('hex')}:`,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    PROVIDER_SECRET: randomBytes(16).toString('hex'),
    DEMO_DATA: 'true',
    // the outbox relay (the job runner) delivers the events behind the pushes and disconnects
    JOBS: 'true',
  };
  // one after the other: the first migrates and seeds the fresh database
  a = await startServerProcess(env);
  b = await startServerProcess(env);
}, 120_000);

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.drop();
  // the streams adapter's stream and sessions stay in Redis: remove this run's keys
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${env.REDIS_PREFIX}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

/** The demo member signed in through A, its pg account opened, and a wallet → pg transfer through A. */
async function demoMember() {
  const login = await fetch(`${a.base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: DEMO_MEMBER.username, password: DEMO_MEMBER.password }),
  });
  expect(login.status).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const auth = { authorization: `Bearer ${token}` };
  // opened by the first call; a second one answers 409 (already open)
  expect([200, 409]).toContain((await fetch(`${a.base}/api/wallet/activate/pg`, { headers: auth })).status);
  const transfer = async (amount: number) => {
    const res = await fetch(`${a.base}/api/wallet/transfer`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': randomBytes(8).toString('hex') },
      body: JSON.stringify({ from: WALLET_CODE, to: 'pg', amount }),
    });
    return res.json() as Promise<unknown>;
  };
  return { token, transfer, auth };
}

const siteActive = async (server: ServerProcess) => (await fetch(`${server.base}/api/lookup/active`)).status === 200;

describe('two server processes on PostgreSQL and Redis', () => {
  it('sees a settings change made in another process within 1 s', async () => {
    // both processes have the setting cached
    expect(await siteActive(a)).toBe(true);
    expect(await siteActive(b)).toBe(true);

    // the operator CLI is a third process using the same store
    await runServerScript('site-status.ts', ['terminated'], env);
    const changedAt = Date.now();
    expect(await pollUntil(async () => !(await siteActive(a)) && !(await siteActive(b)), SEEN_WITHIN_MS)).toBe(true);
    expect(Date.now() - changedAt).toBeLessThan(SEEN_WITHIN_MS + 200);
    expect((await fetch(`${b.base}/api/lookup/banks`)).status).toBe(410);

    await runServerScript('site-status.ts', ['active'], env);
    expect(await pollUntil(async () => (await siteActive(a)) && (await siteActive(b)), SEEN_WITHIN_MS)).toBe(true);
  });

  it('delivers wallet.changed from a transfer through process A to a socket on process B', async () => {
    const { token, transfer } = await demoMember();
    const socket = await connectSocket(b.base, { kind: 'member', token });
    sockets.push(socket);

    const pushed = nextEvent(socket, 'wallet.changed');
    expect(await transfer(10)).toMatchObject({ status: 'SUCCESS' });
    expect(await pushed).toEqual({ reason: 'ledger' });
  });

  it('recovers pushes missed while disconnected, when the reconnect lands on the other process', async () => {
    const { token, transfer } = await demoMember();
    const socket = await connectSocket(b.base, { kind: 'member', token });
    sockets.push(socket);
    const first = nextEvent(socket, 'wallet.changed');
    expect(await transfer(5)).toMatchObject({ status: 'SUCCESS' });
    await first; // the client now holds an offset to recover from
    const seen = record(socket);

    // the network drops; the member moves money meanwhile; the socket comes back through process A
    const dropped = new Promise((resolve) => socket.once('disconnect', resolve));
    socket.io.engine.close();
    await dropped;
    expect(await transfer(7)).toMatchObject({ status: 'SUCCESS' });
    (socket.io as unknown as { uri: string }).uri = a.base;
    const reconnected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.connect();
    await reconnected;

    expect(socket.recovered).toBe(true);
    expect(await pollUntil(async () => (seen.get('wallet.changed')?.length ?? 0) >= 3, 2000)).toBe(true);
    // and it still is in its room on A: a live push arrives (the ledger's; the game's may come first)
    const already = seen.get('wallet.changed')?.length ?? 0;
    expect(await transfer(3)).toMatchObject({ status: 'SUCCESS' });
    expect(
      await pollUntil(
        async () =>
          (seen.get('wallet.changed') ?? [])
            .slice(already)
            .some((event) => (event as { reason?: string }).reason === 'ledger'),
        10_000,
      ),
    ).toBe(true);
  });

  it('disconnects a socket on process B when its session logs out through process A', async () => {
    const { token, auth } = await demoMember();
    const socket = await connectSocket(b.base, { kind: 'member', token });
    sockets.push(socket);
    const gone = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    expect((await fetch(`${a.base}/api/logout`, { method: 'POST', headers: auth })).status).toBe(200);
    expect(await gone).toBe('io server disconnect');
    await expect(connectSocket(b.base, { kind: 'member', token })).rejects.toThrow('UNAUTHORIZED');
  });

  it('runs each slot of the real scheduled jobs once, whichever of the two processes claims it', async () => {
    // the reconciler runs every 10 s in both processes (JOBS on); wait for two of its slots
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const runs = async () =>
        (
          await client.query<{ slot: string; status: string; runner: string; attempts: number }>(
            `select slot, status, runner, attempts from job_runs where job = 'game-transfer-reconciler' order by slot`,
          )
        ).rows;
      expect(
        await pollUntil(async () => (await runs()).filter((r) => r.status === 'succeeded').length >= 2, 30_000, 200),
      ).toBe(true);
      const all = await runs();
      expect(new Set(all.map((r) => r.slot)).size).toBe(all.length); // one run per slot
      expect(all.filter((r) => r.status === 'succeeded').every((r) => r.attempts === 1)).toBe(true);
    } finally {
      await client.end();
    }
  });
});
