import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { idempotencyKeys } from '../../src/db/schema/http.ts';
import { ledgerTransactions } from '../../src/db/schema/ledger.ts';
import { canonicalJson, IDEMPOTENCY_TTL_MS, requestHash } from '../../src/http/idempotency.ts';
import { expectLedgerSound } from '../helpers/ledger.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { controls, createMember, fundMember, testWalletModule, walletBalance } from './wallet-test-module.ts';

const c = controls();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ modules: [testWalletModule(c)] });
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});
beforeEach(() => {
  c.gate = null;
  c.onEnter = null;
  c.failNext = null;
});

type Auth = { authorization: string };
const post = (auth: Auth, url: string, payload: unknown, key?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { ...auth, ...(key === undefined ? {} : { 'idempotency-key': key }) },
  });
const transactionsOf = async (memberId: number) =>
  (await t.ctx.db.select({ n: count() }).from(ledgerTransactions).where(eq(ledgerTransactions.memberId, memberId)))[0]
    ?.n;

describe('Idempotency-Key on money-moving endpoints', () => {
  it('replays the first answer and moves money once', async () => {
    const m = await createMember(t);
    const first = await post(m.auth, '/api/wallet/add', { amount: 100 }, 'key-1');
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await post(m.auth, '/api/wallet/add', { amount: 100 }, 'key-1');
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await walletBalance(t, m.id)).toBe(10000n);
    expect(await transactionsOf(m.id)).toBe(1);
  });

  it('treats key order and an equal number as the same request', async () => {
    const m = await createMember(t);
    await fundMember(t, m.id, 50000n);
    const first = await post(m.auth, '/api/wallet/withdraw', { amount: 100.5 }, 'same-body');
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/withdraw',
      headers: { ...m.auth, 'idempotency-key': 'same-body', 'content-type': 'application/json' },
      payload: '{ "amount" : 100.50 }',
    });
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(await walletBalance(t, m.id)).toBe(50000n - 10050n);
  });

  it('answers 422 KEY_INVALID to the same key with another body, and moves nothing', async () => {
    const m = await createMember(t);
    await post(m.auth, '/api/wallet/add', { amount: 100 }, 'key-2');
    const other = await post(m.auth, '/api/wallet/add', { amount: 200 }, 'key-2');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ message: 'KEY_INVALID' });
    const otherEndpoint = await post(m.auth, '/api/wallet/withdraw', { amount: 100 }, 'key-2');
    expect(otherEndpoint.statusCode).toBe(422);
    expect(await walletBalance(t, m.id)).toBe(10000n);
    expect(await transactionsOf(m.id)).toBe(1);
  });

  it('answers 409 IDEMPOTENCY_IN_PROGRESS while the first request runs, then replays it', async () => {
    const m = await createMember(t);
    let open!: () => void;
    c.gate = new Promise((resolve) => (open = resolve));
    const entered = new Promise<void>((resolve) => (c.onEnter = resolve));
    const first = post(m.auth, '/api/wallet/add', { amount: 100 }, 'key-3');
    await entered;
    c.gate = null;
    const during = await post(m.auth, '/api/wallet/add', { amount: 100 }, 'key-3');
    expect(during.statusCode).toBe(409);
    expect(during.json()).toEqual({ message: 'IDEMPOTENCY_IN_PROGRESS' });
    open();
    const done = await first;
    expect(done.statusCode).toBe(200);
    const after = await post(m.auth, '/api/wallet/add', { amount: 100 }, 'key-3');
    expect(after.body).toBe(done.body);
    expect(await walletBalance(t, m.id)).toBe(10000n);
  });

  it('stores a 4xx answer and replays it, even once it would now succeed', async () => {
    const m = await createMember(t);
    const refused = await post(m.auth, '/api/wallet/withdraw', { amount: 100 }, 'key-4');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: 'MONEY_NOT_ENOUGH' });
    await fundMember(t, m.id, 10000n);
    const replay = await post(m.auth, '/api/wallet/withdraw', { amount: 100 }, 'key-4');
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ message: 'MONEY_NOT_ENOUGH' });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await walletBalance(t, m.id)).toBe(10000n);
    const fresh = await post(m.auth, '/api/wallet/withdraw', { amount: 100 }, 'key-4b');
    expect(fresh.statusCode).toBe(200);
    expect(await walletBalance(t, m.id)).toBe(0n);
  });

  it('forgets the key after an unexpected failure (5xx) so a retry runs', async () => {
    const m = await createMember(t);
    c.failNext = new Error('database went away');
    const failed = await post(m.auth, '/api/wallet/add', { amount: 100 }, 'key-5');
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toEqual({ message: 'INTERNAL_SERVER_ERROR' });
    expect(await walletBalance(t, m.id)).toBe(0n);
    const retry = await post(m.auth, '/api/wallet/add', { amount: 100 }, 'key-5');
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await walletBalance(t, m.id)).toBe(10000n);
  });

  it('counts a key as new after 24 hours (fake clock)', async () => {
    const m = await createMember(t);
    const first = await post(m.auth, '/api/wallet/add', { amount: 100 }, 'key-6');
    t.clock.advance(IDEMPOTENCY_TTL_MS - 1000);
    // access tokens live 15 minutes: a new session of the same member (keys are per member)
    m.auth.authorization = `Bearer ${await t.ctx.sessions.create(m.id)}`;
    expect((await post(m.auth, '/api/wallet/add', { amount: 100 }, 'key-6')).body).toBe(first.body);
    expect((await post(m.auth, '/api/wallet/add', { amount: 300 }, 'key-6')).statusCode).toBe(422);
    t.clock.advance(2000);
    const renewed = await post(m.auth, '/api/wallet/add', { amount: 300 }, 'key-6');
    expect(renewed.statusCode).toBe(200);
    expect(renewed.headers['idempotent-replayed']).toBeUndefined();
    expect(await walletBalance(t, m.id)).toBe(40000n);
    expect((await post(m.auth, '/api/wallet/add', { amount: 300 }, 'key-6')).body).toBe(renewed.body);
    expect(await walletBalance(t, m.id)).toBe(40000n);
  });

  it('scopes keys per member', async () => {
    const a = await createMember(t);
    const b = await createMember(t);
    const ra = await post(a.auth, '/api/wallet/add', { amount: 100 }, 'shared-key');
    const rb = await post(b.auth, '/api/wallet/add', { amount: 100 }, 'shared-key');
    expect(rb.headers['idempotent-replayed']).toBeUndefined();
    expect(rb.body).not.toBe(ra.body);
    expect(await walletBalance(t, a.id)).toBe(10000n);
    expect(await walletBalance(t, b.id)).toBe(10000n);
  });

  it('works without a key, as the original clients call (every request runs)', async () => {
    const m = await createMember(t);
    await post(m.auth, '/api/wallet/add', { amount: 100 });
    await post(m.auth, '/api/wallet/add', { amount: 100 });
    expect(await walletBalance(t, m.id)).toBe(20000n);
    const rows = await t.ctx.db
      .select({ n: count() })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.principalKind, 'member'), eq(idempotencyKeys.principalId, m.id)));
    expect(rows[0]?.n).toBe(0);
  });

  it.each([
    ['empty', ''],
    ['256 characters', 'k'.repeat(256)],
    ['a control character', 'bad\tkey'],
    ['a non-ASCII character', 'caf\u00e9'],
  ])('rejects a key with %s as 400 KEY_INVALID and moves nothing', async (_name, key) => {
    const m = await createMember(t);
    const res = await post(m.auth, '/api/wallet/add', { amount: 100 }, key);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'KEY_INVALID' });
    expect(await walletBalance(t, m.id)).toBe(0n);
  });

  it('accepts a 255-character key', async () => {
    const m = await createMember(t);
    const res = await post(m.auth, '/api/wallet/add', { amount: 1 }, 'k'.repeat(255));
    expect(res.statusCode).toBe(200);
  });

  it('authenticates before claiming a key', async () => {
    const res = await post({ authorization: 'Bearer nope' }, '/api/wallet/add', { amount: 100 }, 'key-auth');
    expect(res.statusCode).toBe(401);
    expect(
      await t.ctx.db.select({ n: count() }).from(idempotencyKeys).where(eq(idempotencyKeys.key, 'key-auth')),
    ).toEqual([{ n: 0 }]);
  });
});

describe('request hash', () => {
  it('is canonical over key order and covers method, path and body', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { f: 2, e: 3 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[1,{"e":3,"f":2}]},"b":1}',
    );
    expect(requestHash('POST', '/api/wallet/add', { amount: 1, x: 2 })).toBe(
      requestHash('post', '/api/wallet/add', { x: 2, amount: 1 }),
    );
    expect(requestHash('POST', '/api/wallet/add', { amount: 1 })).not.toBe(
      requestHash('POST', '/api/wallet/withdraw', { amount: 1 }),
    );
    expect(requestHash('POST', '/api/wallet/add', { amount: 1 })).not.toBe(
      requestHash('POST', '/api/wallet/add', { amount: 2 }),
    );
  });
});
