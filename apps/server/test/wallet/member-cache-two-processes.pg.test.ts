/**
 * Two real server processes on one PostgreSQL database sharing Redis (a random channel prefix per run): a
 * revocation or a money move made through one is seen by the other at once (within the pub/sub hop), with the
 * member cache on in both.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBenchDatabase, startServer, type BenchServer } from '../../bench/bench-server.ts';
import { openPostgres } from '../../src/db/client.ts';
import { seedMembers, type BenchMember } from '../../bench/seed.ts';

const url = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe.runIf(url)('member cache across two processes (PostgreSQL + Redis)', () => {
  let database: Awaited<ReturnType<typeof createBenchDatabase>>;
  let a: BenchServer;
  let b: BenchServer;
  let members: BenchMember[];
  const secrets = {
    jwt: randomBytes(32).toString('hex'),
    encryption: randomBytes(32).toString('hex'),
    provider: randomBytes(24).toString('hex'),
  };

  beforeAll(async () => {
    database = await createBenchDatabase(url!);
    const env = { REDIS_URL: redisUrl, REDIS_PREFIX: `test-${randomBytes(6).toString('hex')}:`, MEMBER_CACHE: 'auto' };
    a = await startServer(database.url, { secrets, env });
    b = await startServer(database.url, { secrets, env });
    const db = await openPostgres(database.url, 2);
    members = await seedMembers(db.db, secrets.jwt, 2, 100_000n);
    await db.close();
  }, 180_000);

  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await database?.drop();
  });

  const wallet = (server: BenchServer, token: string) =>
    fetch(`${server.url}/api/wallet`, { headers: { authorization: `Bearer ${token}` } });

  /** Ask until `check` holds (the other process hears Redis within moments); how long it took, in ms. */
  async function until(check: () => Promise<boolean>): Promise<number> {
    const started = performance.now();
    while (!(await check())) {
      if (performance.now() - started > 5_000) throw new Error('not seen within 5 s');
      await new Promise((resolve) => setImmediate(resolve));
    }
    return performance.now() - started;
  }

  it('a logout through one process is refused by the other', async () => {
    const m = members[0]!;
    // both processes have the session (and the wallet) cached
    for (const server of [a, b, a, b]) expect((await wallet(server, m.token)).status).toBe(200);
    const logout = await fetch(`${a.url}/api/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${m.token}` },
    });
    expect(logout.status).toBe(200);
    expect((await wallet(a, m.token)).status).toBe(401);
    const ms = await until(async () => (await wallet(b, m.token)).status === 401);
    expect(ms).toBeLessThan(1_000);
  });

  it('a transfer through one process shows in the other at once', async () => {
    const m = members[1]!;
    const amountAt = async (server: BenchServer) =>
      ((await (await wallet(server, m.token)).json()) as { wallet: { amount: number } }).wallet.amount;
    expect(await amountAt(a)).toBe(1000);
    expect(await amountAt(b)).toBe(1000);
    const auth = { authorization: `Bearer ${m.token}` };
    expect((await fetch(`${a.url}/api/wallet/activate/pg`, { headers: auth })).status).toBe(200);
    const transfer = await fetch(`${a.url}/api/wallet/transfer`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': `two-processes-${m.id}` },
      body: JSON.stringify({ from: 'WALLET', to: 'pg', amount: 1 }),
    });
    expect(transfer.status).toBe(200);
    expect(await amountAt(a)).toBe(999);
    const ms = await until(async () => (await amountAt(b)) === 999);
    expect(ms).toBeLessThan(1_000);
  });
});
