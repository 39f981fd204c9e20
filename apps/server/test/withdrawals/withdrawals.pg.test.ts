import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWithdrawalsHarness, type WithdrawalsHarness } from './withdrawals-harness.ts';

/**
 * The races of withdrawals through the real request path, PostgreSQL row locks and the sandbox bank over HTTP.
 * The functional cases (approve, reject, retry, reconcile, auto-approve, limits, queue, roles) are in
 * withdrawals.test.ts, which runs on PGlite and on PostgreSQL.
 */
let h: WithdrawalsHarness;
beforeAll(async () => {
  // a bank answer within 2 s counts (500 requests, then 100 payouts, on a loaded machine)
  h = await createWithdrawalsHarness({ timeoutMs: 2_000, holdMs: 2_500 });
});
afterAll(async () => {
  expect(await h.invariants()).toEqual([]);
  await h.close();
});

const withdraw = (token: string, amount: number, key?: string) =>
  h.call(token, 'POST', '/api/wallet/withdraw', { amount }, key ? { 'idempotency-key': key } : {});

describe('withdrawals (PostgreSQL)', () => {
  it('500 concurrent withdrawals of 100 against 10,000 with distinct keys: exactly 100 accepted, 100 payouts', async () => {
    const m = await h.member(10_000n * 100n);
    const results = await Promise.all(Array.from({ length: 500 }, (_, i) => withdraw(m.token, 100, `race-${i}`)));
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(100);
    expect(results.filter((r) => r.body.message === 'MONEY_NOT_ENOUGH')).toHaveLength(400);
    expect(await h.walletMinor(m.id)).toBe(0n);
    const rows = await h.withdrawalsOf(m.id);
    expect(rows).toHaveLength(100);
    expect(rows.every((r) => r.status === 'pending_review')).toBe(true);
    expect(await h.invariants()).toEqual([]);

    for (let i = 0; i < rows.length; i += 10) {
      const approved = await Promise.all(
        rows.slice(i, i + 10).map((r) => h.admin('POST', `/api/admin/withdrawals/${r.id}/approve`)),
      );
      for (const a of approved) expect(a.body.withdrawal?.status).toBe('paid');
    }
    const payouts = h.store.list().filter((p) => p.toAccountNo === m.bankAccountNo);
    expect(payouts).toHaveLength(100);
    expect(payouts.every((p) => p.amount === '10000' && p.status === 'PAID' && p.requests === 1)).toBe(true);
    expect(await h.invariants()).toEqual([]);
  });

  it('one key sent 50 times: one withdrawal', async () => {
    const m = await h.member(1_000n * 100n);
    const results = await Promise.all(Array.from({ length: 50 }, () => withdraw(m.token, 200, 'same-key')));
    expect(results.filter((r) => r.status >= 500)).toEqual([]);
    expect(results.some((r) => r.status === 200)).toBe(true);
    expect(await h.withdrawalsOf(m.id)).toHaveLength(1);
    expect(await h.walletMinor(m.id)).toBe(800n * 100n);
  });
});
