import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHAT_GUEST_HEADER } from '@wallet/contract/socket-events';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { FakeClock } from '../../src/clock.ts';
import { loadConfig } from '../../src/config/env.ts';
import { openPostgres } from '../../src/db/client.ts';
import { auditLog } from '../../src/db/schema/audit.ts';
import { chatConversations } from '../../src/db/schema/chat.ts';
import { checkLedgerInvariants, LedgerService, memberInvite } from '../../src/modules/ledger/ledger.api.ts';
import { uniqueIp } from '../account/account-helpers.ts';
import { createPostgresDatabase } from '../helpers/server-process.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { adminToken } from '../operators/operator-helpers.ts';
import { deposit, join } from '../referral/referral-harness.ts';
import { chatMember } from './chat-fixtures.ts';

/**
 * The abuse limits hold across processes and under bursts: two app instances (each with its own connection pool and
 * its own Redis connection, as two server processes have) on one PostgreSQL database and one Redis prefix, and
 * every burst sent to both at once. The rate-limit counters are atomic Redis increments and the open-conversation
 * cap is serialised by an advisory lock on the address, so a burst gets exactly the limit, never more.
 */
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `test:${randomBytes(6).toString('hex')}:`;
const clock = new FakeClock();
let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
let a: TestApp;
let b: TestApp;

async function instance(): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'wallet-abuse-')),
    LOG_LEVEL: 'silent',
    JOBS: 'false',
    PUBLIC_URL: 'http://localhost:3999',
    REDIS_URL,
    REDIS_PREFIX: prefix,
    JWT_SECRET: 'j'.repeat(64),
    ENCRYPTION_KEY: 'e'.repeat(64),
    PROVIDER_SECRET: 'p'.repeat(32),
  });
  const db = await openPostgres(database.url, 20);
  const built = await buildApp({ config, database: db, clock });
  await built.app.ready();
  return {
    ...built,
    database: db,
    config,
    clock,
    close: async () => {
      await built.app.close();
      await db.close();
    },
  };
}

beforeAll(async () => {
  database = await createPostgresDatabase();
  a = await instance();
  b = await instance();
}, 120_000);

afterAll(async () => {
  expect(await checkLedgerInvariants(a.ctx.db)).toEqual([]);
  await a?.close();
  await b?.close();
  await database?.drop();
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

/** `n` requests at once, alternating between the two instances. */
async function burst(n: number, send: (app: TestApp, i: number) => Promise<{ statusCode: number; json(): unknown }>) {
  const answers = await Promise.all(Array.from({ length: n }, (_, i) => send(i % 2 === 0 ? a : b, i)));
  return answers.map((r) => ({ status: r.statusCode, body: r.json() as Record<string, unknown> }));
}
const count = (answers: { status: number }[], status: number) => answers.filter((r) => r.status === status).length;

const say = (app: TestApp, ip: string, guestToken: string, text: string) =>
  app.app.inject({
    method: 'POST',
    url: '/api/chat/send-message',
    headers: { [CHAT_GUEST_HEADER]: guestToken },
    payload: { sender: 'customer', message: { message_type: 'text', payload: text } },
    remoteAddress: ip,
  });

describe('abuse limits across two processes on PostgreSQL + Redis', () => {
  it('40 guest-id requests at once from one address: exactly 10 minted', async () => {
    const ip = uniqueIp();
    const answers = await burst(40, (app) =>
      app.app.inject({ method: 'POST', url: '/api/chat/guest', payload: {}, remoteAddress: ip }),
    );
    console.info('pg burst: guest ids', { ok: count(answers, 200), refused: count(answers, 429) });
    expect(count(answers, 200)).toBe(10);
    expect(answers.filter((r) => r.status === 429).every((r) => r.body.message === 'REQUEST_LIMIT')).toBe(true);
    expect(count(answers, 429)).toBe(30);
  });

  it('12 guests of one address open conversations at once: exactly 3 open, 9 CHAT_GUEST_LIMIT', async () => {
    const ip = uniqueIp();
    const guests = await Promise.all(Array.from({ length: 12 }, async () => (await a.ctx.guestTokens.issue()).token));
    const answers = await burst(12, (app, i) => say(app, ip, guests[i]!, `first ${i}`));
    console.info('pg burst: open guest conversations', { ok: count(answers, 200), refused: count(answers, 429) });
    expect(count(answers, 200)).toBe(3);
    expect(answers.filter((r) => r.status !== 200)).toEqual(
      Array(9).fill({ status: 429, body: { message: 'CHAT_GUEST_LIMIT' } }),
    );
    const rows = await a.ctx.db.select().from(chatConversations).where(eq(chatConversations.guestAddress, ip));
    expect(rows).toHaveLength(3);
  });

  it('3 guests of one address send 45 messages at once: exactly 30 stored', async () => {
    const ip = uniqueIp();
    const guests = await Promise.all(Array.from({ length: 3 }, async () => (await a.ctx.guestTokens.issue()).token));
    const answers = await burst(45, (app, i) => say(app, ip, guests[i % 3]!, `m${i}`));
    console.info('pg burst: guest messages', { ok: count(answers, 200), refused: count(answers, 429) });
    expect(count(answers, 200)).toBe(30);
    expect(count(answers, 429)).toBe(15);
  });

  it('40 promotion-code look-ups at once by one member: exactly 10 answered', async () => {
    const member = await chatMember(a);
    const answers = await burst(40, (app, i) =>
      app.app.inject({
        url: `/api/promotion/find/GUESS${i}`,
        headers: { authorization: `Bearer ${member.token}` },
        remoteAddress: uniqueIp(),
      }),
    );
    console.info('pg burst: code look-ups', { answered: count(answers, 404), refused: count(answers, 429) });
    expect(count(answers, 404)).toBe(10);
    expect(count(answers, 429)).toBe(30);
  });

  it('10 approvals of one held referral at once, on both processes: paid once, audited once', async () => {
    await a.ctx.settings.set('referralRates', { depositPercent: 5 });
    const line = uniqueIp();
    const inviter = await join(a, line);
    const friend = await join(a, line, { inviteCode: `PR${inviter.id}` });
    await deposit(a, friend.id, 100_000n);
    const ledger = new LedgerService(a.ctx.db);
    expect(await ledger.balance(memberInvite(inviter.id), 'THB')).toBe(0n);
    const operator = await adminToken(a);
    const answers = await burst(10, (app) =>
      app.app.inject({
        method: 'POST',
        url: `/api/admin/referral/flags/${friend.id}/review`,
        headers: { authorization: `Bearer ${operator}` },
        payload: { decision: 'approve', reason: 'same family, checked' },
      }),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await ledger.balance(memberInvite(inviter.id), 'THB')).toBe(5_000n);
    const audits = await a.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `referral:${friend.id}`));
    expect(audits).toHaveLength(1);
  });
});
