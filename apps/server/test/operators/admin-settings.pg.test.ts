import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../src/modules/auth/totp.ts';
import {
  createPostgresDatabase,
  pollUntil,
  startServerProcess,
  type ServerProcess,
} from '../helpers/server-process.ts';

/**
 * A setting saved in the operator console through process A is what process B serves within 1 s (two real server
 * processes on one PostgreSQL database and one Redis), and the change is in the audit log.
 */
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const SEEN_WITHIN_MS = 1000;

let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
let a: ServerProcess;
let b: ServerProcess;
let env: Record<string, string>;

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
  a = await startServerProcess(env);
  b = await startServerProcess(env);
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await database?.drop();
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${env.REDIS_PREFIX}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

const minDeposit = async (server: ServerProcess) =>
  ((await (await fetch(`${server.base}/api/lookup/deposit`)).json()) as { minDeposit: number }).minDeposit;

describe('a setting saved in the console, two processes', () => {
  it('is served by the other process within 1 s, with its audit row', async () => {
    const secret = /TOTP secret \(base32\) ([A-Z2-7]+)/.exec(a.output())?.[1];
    expect(secret).toBeTruthy();
    const login = await fetch(`${a.base}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'demo-admin-password', totp: totpCode(secret!, new Date()) }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

    const before = await minDeposit(b); // cached in B now
    expect(await minDeposit(a)).toBe(before);
    const saved = await fetch(`${a.base}/api/admin/settings/minDeposit`, {
      method: 'PUT',
      headers: auth,
      body: JSON.stringify({ value: before + 11 }),
    });
    expect(saved.status).toBe(200);
    const changedAt = Date.now();
    expect(await pollUntil(async () => (await minDeposit(b)) === before + 11, SEEN_WITHIN_MS)).toBe(true);
    expect(Date.now() - changedAt).toBeLessThan(SEEN_WITHIN_MS + 200);

    const audit = await fetch(`${b.base}/api/admin/audit?action=settings.update`, { headers: auth });
    const rows = ((await audit.json()) as { rows: Array<Record<string, unknown>> }).rows;
    expect(rows[0]).toMatchObject({ operator: 'admin', target: 'setting:minDeposit', before, after: before + 11 });
  });
});
