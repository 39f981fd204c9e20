import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAdminEndpoints } from '@wallet/contract/admin/admin-api';
import { buildPath } from '@wallet/contract/endpoint';
import { adminToken, enrolledOperator } from '../operators/operator-helpers.ts';
import { createWithdrawalsHarness, type WithdrawalsHarness } from './withdrawals-harness.ts';

/**
 * Withdrawals through the real request path and the sandbox bank over HTTP, on whichever database the suite runs
 * (PGlite by default, PostgreSQL in the server suite on PostgreSQL). The races are in withdrawals.pg.test.ts.
 */
let h: WithdrawalsHarness;
beforeAll(async () => {
  // a bank answer within 2 s counts (a loaded machine); a timeout fault holds its answer longer
  h = await createWithdrawalsHarness({ timeoutMs: 2_000, holdMs: 2_500 });
});
afterAll(async () => {
  expect(await h.invariants()).toEqual([]);
  await h.close();
});

const withdraw = (token: string, amount: number, key?: string) =>
  h.call(token, 'POST', '/api/wallet/withdraw', { amount }, key ? { 'idempotency-key': key } : {});

describe('withdrawals', () => {
  it('a payout that timed out but succeeded at the bank is settled by the reconciler and never paid twice', async () => {
    const m = await h.member(1_000n * 100n);
    expect((await withdraw(m.token, 300)).status).toBe(200);
    const [w] = await h.withdrawalsOf(m.id);
    h.setFault({ mode: 'success-then-timeout', times: 1, toAccountNo: m.bankAccountNo });
    const approved = await h.admin('POST', `/api/admin/withdrawals/${w!.id}/approve`);
    expect(approved.body.withdrawal.status).toBe('paying');
    expect(h.store.payouts.get(w!.payoutId)?.status).toBe('PAID');

    const report = await h.reconcile();
    expect(report.paid).toBeGreaterThanOrEqual(1);
    const [after] = await h.withdrawalsOf(m.id);
    expect(after!.status).toBe('paid');
    await h.reconcile();
    expect(h.store.list().filter((p) => p.toAccountNo === m.bankAccountNo)).toHaveLength(1);
    expect(h.store.payouts.get(w!.payoutId)?.requests).toBe(1);
    expect(await h.invariants()).toEqual([]);
  });

  it('a payout the bank never received (timeout) is sent again under the same id by the reconciler', async () => {
    const m = await h.member(1_000n * 100n);
    await withdraw(m.token, 150);
    const [w] = await h.withdrawalsOf(m.id);
    h.setFault({ mode: 'timeout', times: 1, toAccountNo: m.bankAccountNo });
    expect((await h.admin('POST', `/api/admin/withdrawals/${w!.id}/approve`)).body.withdrawal.status).toBe('paying');
    expect(h.store.payouts.has(w!.payoutId)).toBe(false);
    await h.reconcile();
    const [after] = await h.withdrawalsOf(m.id);
    expect(after!.status).toBe('paid');
    expect(h.store.payouts.get(w!.payoutId)?.requests).toBe(1);
  });

  it('reject returns the money with a reason; reject after approve is refused; every action has its audit row', async () => {
    const m = await h.member(1_000n * 100n);
    await withdraw(m.token, 400);
    await withdraw(m.token, 100);
    const [a, b] = (await h.withdrawalsOf(m.id)).sort((x, y) => Number(y.amount - x.amount));
    const rejected = await h.admin('POST', `/api/admin/withdrawals/${b!.id}/reject`, { reason: 'TURNOVER_INCOMPLETE' });
    expect(rejected.body.withdrawal).toMatchObject({ status: 'rejected', rejectReason: 'TURNOVER_INCOMPLETE' });
    expect(await h.walletMinor(m.id)).toBe(600n * 100n);

    expect((await h.admin('POST', `/api/admin/withdrawals/${a!.id}/approve`)).body.withdrawal.status).toBe('paid');
    const late = await h.admin('POST', `/api/admin/withdrawals/${a!.id}/reject`, { reason: 'OTHER' });
    // someone decided it first: who did what when, for the console to say (docs/decisions/0033-live-queues.md)
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ message: 'APPROVAL_DECIDED', reason: 'DECIDED', values: { state: 'paid' } });
    expect(await h.walletMinor(m.id)).toBe(600n * 100n);
    expect((await h.admin('POST', `/api/admin/withdrawals/${b!.id}/approve`)).status).toBe(409);

    const statement = await h.call(m.token, 'POST', '/api/statement', { page: 1, limit: 10 });
    const rows = statement.body.statements.filter((s: { statementType: string }) => s.statementType === 'withdraw');
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ amount: 400, status: 'SUCCESS' }),
        expect.objectContaining({
          amount: 100,
          status: 'FAILED',
          withdraw: { reason: 'TURNOVER_INCOMPLETE', returned: true },
        }),
      ]),
    );

    const audit = await h.admin('GET', '/api/admin/audit');
    const actions = audit.body.rows.map((r: { action: string; target: string }) => `${r.action} ${r.target}`);
    expect(actions).toContain(`withdrawal.reject withdrawal:${b!.id}`);
    expect(actions).toContain(`withdrawal.approve withdrawal:${a!.id}`);
    expect(actions.filter((x: string) => x === `withdrawal.reject withdrawal:${a!.id}`)).toEqual([]);
  });

  it('a refused payout can be retried under a new payout id, or rejected back to the wallet', async () => {
    const m = await h.member(1_000n * 100n);
    await withdraw(m.token, 250);
    const [w] = await h.withdrawalsOf(m.id);
    h.setFault({ mode: 'reject', reason: 'INVALID_ACCOUNT', times: 1, toAccountNo: m.bankAccountNo });
    const failed = await h.admin('POST', `/api/admin/withdrawals/${w!.id}/approve`);
    expect(failed.body.withdrawal).toMatchObject({ status: 'payout_failed', payoutAttempts: 1 });
    const retried = await h.admin('POST', `/api/admin/withdrawals/${w!.id}/retry`);
    expect(retried.body.withdrawal).toMatchObject({ status: 'paid', payoutAttempts: 2 });
    expect(h.store.payouts.get(`${w!.id}-2`)?.status).toBe('PAID');
    expect(h.store.payouts.get(w!.id)?.status).toBe('REJECTED');
    expect(await h.walletMinor(m.id)).toBe(750n * 100n);
  });

  it('auto-approve: a small withdrawal by an unflagged member is paid at once; a flagged one waits', async () => {
    await h.t.ctx.settings.set('withdrawAutoApprove', { enabled: true, maxAmount: 500 });
    const m = await h.member(2_000n * 100n);
    await withdraw(m.token, 200);
    await withdraw(m.token, 800);
    const rows = await h.withdrawalsOf(m.id);
    expect(rows.find((r) => r.amount === 20_000n)).toMatchObject({ status: 'paid', autoApproved: true });
    expect(rows.find((r) => r.amount === 80_000n)).toMatchObject({ status: 'pending_review', autoApproved: false });
    const flagged = await h.member(1_000n * 100n);
    h.flags.set(flagged.id, { flagged: true, payoutHold: false });
    await withdraw(flagged.token, 100);
    expect((await h.withdrawalsOf(flagged.id))[0]).toMatchObject({ status: 'pending_review' });
    await h.t.ctx.settings.set('withdrawAutoApprove', { enabled: false, maxAmount: 500 });
  });

  it('limits: bounds, daily count, nothing moves when refused', async () => {
    const m = await h.member(100_000n * 100n);
    expect((await withdraw(m.token, 99)).body.message).toBe('KEY_INVALID');
    expect((await withdraw(m.token, 50_001)).body.message).toBe('KEY_INVALID');
    await h.t.ctx.settings.set('withdrawLimits', {
      withdrawMin: 100,
      withdrawMax: 50_000,
      perDayCount: 2,
      perDayAmount: 100_000,
    });
    expect((await withdraw(m.token, 100)).status).toBe(200);
    expect((await withdraw(m.token, 100)).status).toBe(200);
    const third = await withdraw(m.token, 100);
    expect(third.body.message).toBe('REQUEST_LIMIT');
    expect(await h.walletMinor(m.id)).toBe(99_800n * 100n);
    await h.t.ctx.settings.set('withdrawLimits', {
      withdrawMin: 100,
      withdrawMax: 50_000,
      perDayCount: 1_000,
      perDayAmount: 10_000_000,
    });
    // the baht bounds at the top (as the specification's lookup answers), each wallet currency's beside them
    expect((await h.call(m.token, 'GET', '/api/lookup/withdraw')).body).toMatchObject({
      withdrawMin: 100,
      withdrawMax: 50_000,
      byCurrency: { THB: { withdrawMin: 100, withdrawMax: 50_000 } },
    });
  });

  it('the queue lists pending review first, oldest first, paginated', async () => {
    const list = await h.admin('GET', '/api/admin/withdrawals?status=pending_review&page=1&pageSize=5');
    expect(list.status).toBe(200);
    expect(list.body.rows.length).toBeLessThanOrEqual(5);
    expect(list.body.rows.every((r: { status: string }) => r.status === 'pending_review')).toBe(true);
    const all = await h.admin('GET', '/api/admin/withdrawals?pageSize=100');
    const statuses = all.body.rows.map((r: { status: string }) => r.status);
    expect(statuses[0]).toBe('pending_review');
    expect((await h.admin('GET', '/api/admin/withdrawals?status=nope')).status).toBe(400);
  });

  it('an operator without the finance role gets 403 on every withdrawals endpoint, and nothing changes', async () => {
    const { token } = await enrolledOperator(h.t, await adminToken(h.t), 'support1', ['support']);
    const endpoints = listAdminEndpoints().filter(({ id }) => id.startsWith('admin.withdrawals.'));
    expect(endpoints.length).toBe(6); // list, risk, approve, reject, retry, bulkApprove
    for (const { endpoint } of endpoints) {
      const url = buildPath(endpoint.path, { id: 'AAAAAAAAAAAA' });
      const body = endpoint.method === 'POST' ? { reason: 'OTHER', ids: ['AAAAAAAAAAAA'] } : undefined;
      const res = await h.call(token, endpoint.method as 'GET' | 'POST', url, body);
      expect(res.status, url).toBe(403);
    }
  });
});
