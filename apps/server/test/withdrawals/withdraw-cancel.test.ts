import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { onQueueChanged, type QueueSignal } from '../../src/realtime/queue-signals.ts';
import { createWithdrawalsHarness, type WithdrawalsHarness } from './withdrawals-harness.ts';

/**
 * A member cancels their own withdrawal while it waits for review (modules/withdrawals/README.md "Cancel"), on
 * whichever database the suite runs. The races (cancel against approve, reject, the auto-approval, itself) are in
 * withdraw-cancel.pg.test.ts.
 */
let h: WithdrawalsHarness;
beforeAll(async () => {
  h = await createWithdrawalsHarness({ timeoutMs: 2_000, holdMs: 2_500 });
});
afterEach(async () => {
  vi.restoreAllMocks();
  await h.t.ctx.settings.set('withdrawAutoApprove', { enabled: false, maxAmount: 0 });
});
afterAll(async () => {
  expect(await h.invariants()).toEqual([]);
  await h.close();
});

const withdraw = (token: string, amount: number) => h.call(token, 'POST', '/api/wallet/withdraw', { amount });
const cancel = (token: string, id: string, key?: string) =>
  h.call(token, 'POST', `/api/wallet/withdraw/${id}/cancel`, undefined, key ? { 'idempotency-key': key } : {});

describe('cancel a pending withdrawal', () => {
  it('returns the hold once, leaves the queue live, pushes the wallet, audits, and shows Cancelled', async () => {
    const m = await h.member(1_000n * 100n);
    expect((await withdraw(m.token, 300)).status).toBe(200);
    const [w] = await h.withdrawalsOf(m.id);
    expect(await h.walletMinor(m.id)).toBe(700n * 100n);

    const rowOf = async () =>
      (await h.call(m.token, 'POST', '/api/statement', { page: 1, limit: 10 })).body.statements.find(
        (s: { _id: string }) => s._id === w!.id,
      );
    expect(await rowOf()).toMatchObject({
      _id: w!.id,
      status: 'PENDING',
      withdraw: { returned: false, cancellable: true },
    });

    const signals: QueueSignal[] = [];
    const stop = onQueueChanged((s) => signals.push(s));
    const push = vi.spyOn(h.t.ctx.realtime, 'push');
    const res = await cancel(m.token, w!.id, 'cancel-1');
    stop();
    expect(res).toEqual({ status: 200, body: { message: 'SUCCESS' } });
    expect(await h.walletMinor(m.id)).toBe(1_000n * 100n);
    const [after] = await h.withdrawalsOf(m.id);
    expect(after).toMatchObject({ status: 'cancelled', reviewedBy: null });
    expect(signals).toContainEqual({ kind: 'withdrawals', id: w!.id, state: 'cancelled' });
    expect(push).toHaveBeenCalledWith(m.id, 'wallet.changed', expect.anything());

    // the same tap again (same key) replays; a new tap is refused; the money came back exactly once
    expect(await cancel(m.token, w!.id, 'cancel-1')).toEqual({ status: 200, body: { message: 'SUCCESS' } });
    expect(await cancel(m.token, w!.id, 'cancel-2')).toEqual({
      status: 409,
      body: { message: 'WITHDRAWAL_NOT_CANCELLABLE' },
    });
    expect(await h.walletMinor(m.id)).toBe(1_000n * 100n);

    const cancelled = await rowOf();
    expect(cancelled).toMatchObject({
      statementType: 'withdraw',
      amount: 300,
      status: 'CANCELLED',
      withdraw: { returned: true },
    });
    expect(cancelled.withdraw.cancellable).toBeUndefined();

    const audit = await h.admin('GET', '/api/admin/audit');
    const row = audit.body.rows.find((r: { action: string }) => r.action === 'withdrawal.cancel');
    expect(row).toMatchObject({ target: `withdrawal:${w!.id}` });

    // the console lists it as cancelled, and an operator who approves it late learns who decided it and when
    const list = await h.admin('GET', '/api/admin/withdrawals?status=cancelled');
    expect(list.body.rows.map((r: { id: string }) => r.id)).toContain(w!.id);
    const late = await h.admin('POST', `/api/admin/withdrawals/${w!.id}/approve`);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({
      message: 'APPROVAL_DECIDED',
      values: { state: 'cancelled', by: 'member', at: after!.updatedAt.toISOString() },
    });
    expect((await h.admin('POST', `/api/admin/withdrawals/${w!.id}/reject`, { reason: 'OTHER' })).status).toBe(409);
    expect(await h.walletMinor(m.id)).toBe(1_000n * 100n);
    expect(await h.invariants()).toEqual([]);
  });

  it('is refused once an operator decided, or when the auto-approval took it; nothing changes', async () => {
    const m = await h.member(1_000n * 100n);
    await withdraw(m.token, 200);
    await withdraw(m.token, 150);
    const [big, small] = (await h.withdrawalsOf(m.id)).sort((x, y) => Number(y.amount - x.amount));
    expect((await h.admin('POST', `/api/admin/withdrawals/${big!.id}/approve`)).body.withdrawal.status).toBe('paid');
    await h.admin('POST', `/api/admin/withdrawals/${small!.id}/reject`, { reason: 'OTHER' });
    for (const id of [big!.id, small!.id]) {
      expect(await cancel(m.token, id)).toEqual({ status: 409, body: { message: 'WITHDRAWAL_NOT_CANCELLABLE' } });
    }
    expect(await h.walletMinor(m.id)).toBe(800n * 100n);

    await h.t.ctx.settings.set('withdrawAutoApprove', { enabled: true, maxAmount: 1_000 });
    await withdraw(m.token, 100);
    const auto = (await h.withdrawalsOf(m.id)).find((r) => r.autoApproved);
    expect(auto?.status).toBe('paid');
    expect(await cancel(m.token, auto!.id)).toEqual({ status: 409, body: { message: 'WITHDRAWAL_NOT_CANCELLABLE' } });
    expect(await h.walletMinor(m.id)).toBe(700n * 100n);
    expect(await h.invariants()).toEqual([]);
  });

  it("another member's withdrawal, or an unknown id, is not found", async () => {
    const owner = await h.member(500n * 100n);
    const other = await h.member(500n * 100n);
    await withdraw(owner.token, 100);
    const [w] = await h.withdrawalsOf(owner.id);
    expect(await cancel(other.token, w!.id)).toEqual({ status: 404, body: { message: 'NOT_FOUND' } });
    expect(await cancel(other.token, 'no-such-withdrawal')).toEqual({ status: 404, body: { message: 'NOT_FOUND' } });
    const [still] = await h.withdrawalsOf(owner.id);
    expect(still!.status).toBe('pending_review');
    expect(await h.walletMinor(other.id)).toBe(500n * 100n);
    expect(await h.walletMinor(owner.id)).toBe(400n * 100n);
  });

  it("a cancelled request counts toward the day's number of requests but not its amount", async () => {
    await h.t.ctx.settings.set('withdrawLimits', {
      withdrawMin: 100,
      withdrawMax: 50_000,
      perDayCount: 2,
      perDayAmount: 300,
    });
    try {
      const m = await h.member(1_000n * 100n);
      await withdraw(m.token, 300);
      const [w] = await h.withdrawalsOf(m.id);
      expect((await cancel(m.token, w!.id)).status).toBe(200);
      // the amount is free again…
      expect((await withdraw(m.token, 300)).status).toBe(200);
      const second = (await h.withdrawalsOf(m.id)).find((r) => r.status === 'pending_review');
      expect((await cancel(m.token, second!.id)).status).toBe(200);
      // …but request-and-cancel is bounded by the number
      expect((await withdraw(m.token, 100)).body).toEqual({ message: 'REQUEST_LIMIT' });
      expect(await h.walletMinor(m.id)).toBe(1_000n * 100n);
    } finally {
      await h.t.ctx.settings.set('withdrawLimits', {
        withdrawMin: 100,
        withdrawMax: 50_000,
        perDayCount: 1_000,
        perDayAmount: 10_000_000,
      });
    }
  });
});
