import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys } from '../../src/db/schema/http.ts';
import { createWithdrawalsHarness, type WithdrawalsHarness } from './withdrawals-harness.ts';

/**
 * A withdrawal request's Idempotency-Key recorded in its money transaction (docs/decisions/0048-money-moves-fast-path.md):
 * one answer per key under replays sent at once, refusals included; no overdraft and exact daily caps under racing
 * requests. Runs on PGlite and on PostgreSQL (DATABASE_URL).
 */
let h: WithdrawalsHarness;
beforeAll(async () => {
  h = await createWithdrawalsHarness();
});
afterAll(async () => {
  expect(await h.invariants()).toEqual([]);
  await h.close();
});

const withdraw = async (token: string, amount: number, key: string) => {
  const res = await h.t.app.inject({
    method: 'POST',
    url: '/api/wallet/withdraw',
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
    payload: { amount },
  });
  return {
    status: res.statusCode,
    body: res.json() as { message: string },
    replayed: res.headers['idempotent-replayed'] === 'true',
  };
};

const limits = (perDayCount: number, perDayAmount: number) =>
  h.t.ctx.settings.set('withdrawLimits', { withdrawMin: 100, withdrawMax: 50_000, perDayCount, perDayAmount });

const keyRow = async (memberId: number, key: string) =>
  (
    await h.t.ctx.db
      .select()
      .from(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.principalKind, 'member'),
          eq(idempotencyKeys.principalId, memberId),
          eq(idempotencyKeys.key, key),
        ),
      )
  )[0];

describe('withdrawal request with its key in the money transaction', () => {
  it('one key sent 50 times at once: one withdrawal, one debit, the same 200 answer to all 50 (49 replayed)', async () => {
    const m = await h.member(1_000n * 100n);
    const replies = await Promise.all(Array.from({ length: 50 }, () => withdraw(m.token, 200, 'fifty')));
    expect(replies.map((r) => [r.status, r.body])).toEqual(Array(50).fill([200, { message: 'SUCCESS' }]));
    expect(replies.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await h.withdrawalsOf(m.id)).toHaveLength(1);
    expect(await h.walletMinor(m.id)).toBe(800n * 100n);
    const row = await keyRow(m.id, 'fifty');
    expect({ status: row?.status, answer: row?.responseStatus, endpoint: row?.endpoint }).toEqual({
      status: 'completed',
      answer: 200,
      endpoint: 'wallet.withdraw',
    });
    expect(await h.invariants()).toEqual([]);
  });

  it('50 racing requests of 100 against 2,000 with distinct keys: 20 accepted, 30 MONEY_NOT_ENOUGH, no overdraft', async () => {
    const m = await h.member(2_000n * 100n);
    const replies = await Promise.all(Array.from({ length: 50 }, (_, i) => withdraw(m.token, 100, `race-${i}`)));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(20);
    expect(replies.filter((r) => r.body.message === 'MONEY_NOT_ENOUGH')).toHaveLength(30);
    expect(await h.walletMinor(m.id)).toBe(0n);
    expect(await h.withdrawalsOf(m.id)).toHaveLength(20);
    expect(await h.invariants()).toEqual([]);

    // a refusal is its key's answer: the same key later replays it and moves nothing
    const refused = replies.findIndex((r) => r.body.message === 'MONEY_NOT_ENOUGH');
    const again = await withdraw(m.token, 100, `race-${refused}`);
    expect(again).toEqual({ status: 400, body: { message: 'MONEY_NOT_ENOUGH' }, replayed: true });
    expect(await h.withdrawalsOf(m.id)).toHaveLength(20);
  });

  it('20 racing requests against the daily amount and count caps: exactly the cap is accepted', async () => {
    try {
      // amount: 7 × 100 fit in 700
      await limits(1_000, 700);
      const a = await h.member(5_000n * 100n);
      const byAmount = await Promise.all(Array.from({ length: 20 }, (_, i) => withdraw(a.token, 100, `amount-${i}`)));
      expect(byAmount.filter((r) => r.status === 200)).toHaveLength(7);
      expect(byAmount.filter((r) => r.body.message === 'REQUEST_LIMIT')).toHaveLength(13);
      expect(await h.walletMinor(a.id)).toBe((5_000n - 700n) * 100n);

      // count: 5 requests a day
      await limits(5, 10_000_000);
      const c = await h.member(5_000n * 100n);
      const byCount = await Promise.all(Array.from({ length: 20 }, (_, i) => withdraw(c.token, 100, `count-${i}`)));
      expect(byCount.filter((r) => r.status === 200)).toHaveLength(5);
      expect(byCount.filter((r) => r.body.message === 'REQUEST_LIMIT')).toHaveLength(15);
      expect(await h.withdrawalsOf(c.id)).toHaveLength(5);
      expect(await h.invariants()).toEqual([]);
    } finally {
      await limits(1_000, 10_000_000);
    }
  });

  it('the same key with another amount answers 422 and moves nothing; a refusal before the lock is the answer too', async () => {
    const m = await h.member(1_000n * 100n);
    expect((await withdraw(m.token, 100, 'k1')).status).toBe(200);
    expect(await withdraw(m.token, 150, 'k1')).toEqual({
      status: 422,
      body: { message: 'KEY_INVALID' },
      replayed: false,
    });
    // below the minimum: refused before any transaction, recorded, replayed
    expect((await withdraw(m.token, 1, 'small')).body).toEqual({ message: 'KEY_INVALID' });
    expect(await withdraw(m.token, 1, 'small')).toEqual({
      status: 400,
      body: { message: 'KEY_INVALID' },
      replayed: true,
    });
    expect(await h.walletMinor(m.id)).toBe(900n * 100n);
    expect(await h.withdrawalsOf(m.id)).toHaveLength(1);
  });
});
