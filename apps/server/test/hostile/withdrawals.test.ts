import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWithdrawalsHarness, type WithdrawalsHarness } from '../withdrawals/withdrawals-harness.ts';

/** Hostile input on the withdrawal endpoints: a clear 4xx code, never a 500, and nothing moves. */
let h: WithdrawalsHarness;
beforeAll(async () => {
  h = await createWithdrawalsHarness();
});
afterAll(async () => {
  expect(await h.invariants()).toEqual([]);
  await h.close();
});

describe('withdrawals under hostile input', () => {
  it('refuses malformed amounts with a code and moves nothing', async () => {
    const m = await h.member(1_000n * 100n);
    const bodies: unknown[] = [
      {},
      { amount: -100 },
      { amount: 0 },
      { amount: '100' },
      { amount: 100.001 },
      { amount: 1e308 },
      { amount: null },
      { amount: [100] },
      { amount: { $gt: 0 } },
      { amount: 100, extra: 'x', __proto__: { admin: true } },
    ];
    for (const body of bodies) {
      for (const path of ['/api/wallet/withdraw', '/api/wallet/withdrawAll']) {
        const res = await h.call(m.token, 'POST', path, body);
        if (res.status === 200) continue; // an extra key is ignored by the schema: a real, valid request
        expect(res.status, `${path} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${path} ${JSON.stringify(body)}`).toBeLessThan(500);
        expect(typeof res.body.message).toBe('string');
      }
    }
    const rows = await h.withdrawalsOf(m.id);
    expect(await h.walletMinor(m.id)).toBe(1_000n * 100n - rows.reduce((sum, r) => sum + r.amount, 0n));
    expect(rows.every((r) => r.amount === 10_000n)).toBe(true);
  });

  it('refuses a stranger, a bad id and a bad reason on the admin endpoints', async () => {
    expect((await h.call('not-a-token', 'POST', '/api/admin/withdrawals/AAAAAAAAAAAA/approve')).status).toBe(401);
    expect((await h.admin('POST', '/api/admin/withdrawals/..%2F..%2Fetc/approve')).status).toBe(400);
    expect((await h.admin('POST', '/api/admin/withdrawals/AAAAAAAAAAAA/approve')).body.message).toBe('NOT_FOUND');
    const m = await h.member(500n * 100n);
    await h.call(m.token, 'POST', '/api/wallet/withdraw', { amount: 100 });
    const [w] = await h.withdrawalsOf(m.id);
    const bad = await h.admin('POST', `/api/admin/withdrawals/${w!.id}/reject`, { reason: 'DROP TABLE' });
    expect(bad.status).toBe(400);
    expect((await h.admin('POST', '/api/admin/withdrawals/bulk-approve', { ids: [] })).status).toBe(400);
    expect((await h.admin('GET', '/api/admin/withdrawals?pageSize=100000')).status).toBe(400);
    expect((await h.withdrawalsOf(m.id))[0]!.status).toBe('pending_review');
  });
});
