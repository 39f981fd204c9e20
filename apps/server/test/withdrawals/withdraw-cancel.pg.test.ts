import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWithdrawalsHarness, type WithdrawalsHarness } from './withdrawals-harness.ts';

/**
 * A member's cancel racing an operator's approve or reject, the auto-approval's payout and itself, through the real
 * request path on PostgreSQL row locks (modules/withdrawals/README.md "Cancel"): exactly one outcome each, the money
 * back at most once, the ledger balanced after.
 */
let h: WithdrawalsHarness;
beforeAll(async () => {
  h = await createWithdrawalsHarness({ timeoutMs: 2_000, holdMs: 2_500 });
});
afterAll(async () => {
  expect(await h.invariants()).toEqual([]);
  await h.close();
});

const withdraw = (token: string, amount: number) => h.call(token, 'POST', '/api/wallet/withdraw', { amount });
const cancel = (token: string, id: string, key: string) =>
  h.call(token, 'POST', `/api/wallet/withdraw/${id}/cancel`, undefined, { 'idempotency-key': key });
const NOT_CANCELLABLE = { status: 409, body: { message: 'WITHDRAWAL_NOT_CANCELLABLE' } };

async function pendingRows(count: number, amount: number) {
  const m = await h.member(BigInt(count * amount * 100));
  for (let i = 0; i < count; i += 1) expect((await withdraw(m.token, amount)).status).toBe(200);
  const rows = await h.withdrawalsOf(m.id);
  expect(rows.every((r) => r.status === 'pending_review')).toBe(true);
  return { m, rows };
}

describe('cancel races (PostgreSQL)', () => {
  it('cancel against approve, 20 times at once: one wins each, the loser is told, the money moves once', async () => {
    const { m, rows } = await pendingRows(20, 100);
    const results = await Promise.all(
      rows.map(async (r) => {
        const [c, a] = await Promise.all([
          cancel(m.token, r.id, `c-${r.id}`),
          h.admin('POST', `/api/admin/withdrawals/${r.id}/approve`),
        ]);
        return { id: r.id, c, a };
      }),
    );
    let paid = 0;
    for (const { c, a } of results) {
      if (c.status === 200) {
        expect(a.status).toBe(409);
        expect(a.body).toMatchObject({ message: 'APPROVAL_DECIDED', values: { state: 'cancelled', by: 'member' } });
      } else {
        expect(c).toEqual(NOT_CANCELLABLE);
        expect(a.body.withdrawal.status).toBe('paid');
        paid += 1;
      }
    }
    const after = await h.withdrawalsOf(m.id);
    expect(after.filter((r) => r.status === 'paid')).toHaveLength(paid);
    expect(after.filter((r) => r.status === 'cancelled')).toHaveLength(20 - paid);
    expect(await h.walletMinor(m.id)).toBe(BigInt((20 - paid) * 100 * 100));
    expect(h.store.list().filter((p) => p.toAccountNo === m.bankAccountNo)).toHaveLength(paid);
    expect(await h.invariants()).toEqual([]);
  });

  it('cancel against reject, 20 times at once: one reversal each', async () => {
    const { m, rows } = await pendingRows(20, 100);
    const results = await Promise.all(
      rows.map((r) =>
        Promise.all([
          cancel(m.token, r.id, `c-${r.id}`),
          h.admin('POST', `/api/admin/withdrawals/${r.id}/reject`, { reason: 'OTHER' }),
        ]),
      ),
    );
    for (const [c, rej] of results) expect([c.status, rej.status].sort()).toEqual([200, 409]);
    const after = await h.withdrawalsOf(m.id);
    expect(after.every((r) => r.status === 'cancelled' || r.status === 'rejected')).toBe(true);
    expect(await h.walletMinor(m.id)).toBe(20n * 100n * 100n);
    expect(await h.invariants()).toEqual([]);
  });

  it('ten cancels of one withdrawal at once, each with its own key: one returns the money', async () => {
    const { m, rows } = await pendingRows(1, 500);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => cancel(m.token, rows[0]!.id, `k-${i}`)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status !== 200)).toEqual(Array.from({ length: 9 }, () => NOT_CANCELLABLE));
    expect(await h.walletMinor(m.id)).toBe(500n * 100n);
    expect(await h.invariants()).toEqual([]);
  });

  it('cancel against the auto-approval paying the request: the payout wins, the cancel is refused', async () => {
    await h.t.ctx.settings.set('withdrawAutoApprove', { enabled: true, maxAmount: 1_000 });
    try {
      const m = await h.member(1_000n * 100n);
      const cancelAsSoonAsSeen = async () => {
        let rows = await h.withdrawalsOf(m.id);
        while (rows.length === 0) rows = await h.withdrawalsOf(m.id);
        return cancel(m.token, rows[0]!.id, 'auto-race');
      };
      const [request, cancelled] = await Promise.all([withdraw(m.token, 300), cancelAsSoonAsSeen()]);
      expect(request.status).toBe(200);
      expect(cancelled).toEqual(NOT_CANCELLABLE);
      const [row] = await h.withdrawalsOf(m.id);
      expect(row).toMatchObject({ status: 'paid', autoApproved: true });
      expect(await h.walletMinor(m.id)).toBe(700n * 100n);
      expect(await h.invariants()).toEqual([]);
    } finally {
      await h.t.ctx.settings.set('withdrawAutoApprove', { enabled: false, maxAmount: 0 });
    }
  });
});
