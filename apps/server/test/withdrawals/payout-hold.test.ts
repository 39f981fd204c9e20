import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/db/schema/audit.ts';
import { memberSecurityEvents } from '../../src/db/schema/account.ts';
import { withdrawals } from '../../src/db/schema/withdrawals.ts';
import { PAYOUT_ACCOUNT_CHANGED } from '../../src/modules/account/payout-cooling.ts';
import { createWithdrawalsHarness, type WithdrawalsHarness } from './withdrawals-harness.ts';

/** A member on payout hold is never paid, whichever path moves the withdrawal (approve, bulk, auto, retry, reconciler). */
let h: WithdrawalsHarness;
beforeAll(async () => {
  // a bank answer within 2 s counts (a loaded machine); a timeout fault holds its answer longer
  h = await createWithdrawalsHarness({ timeoutMs: 2_000, holdMs: 2_500 });
});
afterAll(async () => {
  expect(await h.invariants()).toEqual([]);
  await h.close();
});

type Member = Awaited<ReturnType<WithdrawalsHarness['member']>>;
const withdraw = async (m: Member, amount: number) => {
  const known = new Set((await h.withdrawalsOf(m.id)).map((w) => w.id));
  const res = await h.call(m.token, 'POST', '/api/wallet/withdraw', { amount });
  expect(res.body.message).toBe('SUCCESS');
  return (await h.withdrawalsOf(m.id)).find((w) => !known.has(w.id))!;
};
// the seeded operator (every role, finance included): the role checks are in test/hostile/payout-holds.test.ts
const fin = (method: 'GET' | 'POST', url: string, body?: unknown) => h.admin(method, url, body);
const hold = (m: Member, on: boolean, reason: string) =>
  fin('POST', `/api/admin/members/${m.id}/hold`, { payoutHold: on, reason });
const rowOf = async (id: string) => (await h.t.ctx.db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]!;
const paidTo = (m: Member) => h.store.list().filter((p) => p.toAccountNo === m.bankAccountNo);
const auditOf = (target: string) =>
  h.t.ctx.db.select().from(auditLog).where(eq(auditLog.target, target)).orderBy(auditLog.id);

describe('payout hold', () => {
  it('approve is refused with PAYOUT_HOLD while held; the hold and its lifting are audited with the note; then it pays', async () => {
    const m = await h.member(1_000n * 100n);
    const w = await withdraw(m, 300);
    expect((await hold(m, true, 'Pending KYC documents')).status).toBe(200);

    const refused = await fin('POST', `/api/admin/withdrawals/${w.id}/approve`);
    expect(refused).toMatchObject({ status: 409, body: { message: 'PAYOUT_HOLD' } });
    expect((await rowOf(w.id)).status).toBe('pending_review');
    expect(paidTo(m)).toEqual([]);
    expect(await h.walletMinor(m.id)).toBe(700n * 100n);
    // a refusal changes nothing, so it writes no approve row
    expect((await auditOf(`withdrawal:${w.id}`)).map((a) => a.action)).toEqual([]);

    expect((await hold(m, false, 'KYC documents received')).status).toBe(200);
    const marks = await auditOf(`member:${m.id}`);
    expect(marks.map((a) => [a.action, a.operator, (a.after as { reason: string }).reason])).toEqual([
      ['member.payoutHold.set', 'admin', 'Pending KYC documents'],
      ['member.payoutHold.lift', 'admin', 'KYC documents received'],
    ]);
    expect(marks[1]!.before).toEqual({ payoutHold: true, reason: 'Pending KYC documents' });

    const approved = await fin('POST', `/api/admin/withdrawals/${w.id}/approve`);
    expect(approved.body.withdrawal).toMatchObject({ status: 'paid', lastError: null });
    expect(paidTo(m)).toHaveLength(1);
    expect(await h.invariants()).toEqual([]);
  });

  it('bulk approve answers one result per row: the held member refused with PAYOUT_HOLD, the other one paid', async () => {
    const held = await h.member(1_000n * 100n);
    const free = await h.member(1_000n * 100n);
    const wHeld = await withdraw(held, 200);
    const wFree = await withdraw(free, 200);
    await hold(held, true, 'Pending KYC documents');
    const res = await fin('POST', '/api/admin/withdrawals/bulk-approve', { ids: [wHeld.id, wFree.id, 'AAAAAAAAAAAA'] });
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      { id: wHeld.id, status: 'pending_review', refusal: 'PAYOUT_HOLD' },
      { id: wFree.id, status: 'paid', refusal: null },
      { id: 'AAAAAAAAAAAA', status: null, refusal: 'NOT_FOUND' },
    ]);
    expect(paidTo(held)).toEqual([]);
    expect(paidTo(free)).toHaveLength(1);
    expect(await h.invariants()).toEqual([]);
  });

  it('an auto-approved withdrawal of a held member is put back to review by the payout sender, never paid', async () => {
    await h.t.ctx.settings.set('withdrawAutoApprove', { enabled: true, maxAmount: 1_000 });
    try {
      const m = await h.member(1_000n * 100n);
      await hold(m, true, 'Pending KYC documents');
      // the auto-approve decision read the member as clear (the harness's flags: a read that raced the hold)
      const w = await withdraw(m, 100);
      expect(w).toMatchObject({ status: 'pending_review', autoApproved: false, lastError: 'PAYOUT_HOLD' });
      expect(await auditOf(`withdrawal:${w.id}`)).toMatchObject([
        {
          action: 'withdrawal.heldBack',
          operator: 'system',
          after: { status: 'pending_review', reason: 'PAYOUT_HOLD' },
        },
      ]);
      expect(paidTo(m)).toEqual([]);
      expect(await h.walletMinor(m.id)).toBe(900n * 100n);
      expect(await h.invariants()).toEqual([]);
    } finally {
      await h.t.ctx.settings.set('withdrawAutoApprove', { enabled: false, maxAmount: 1_000 });
    }
  });

  it('retry of a failed payout is refused while held; the reject stays possible and its note is in the audit row', async () => {
    const m = await h.member(1_000n * 100n);
    const w = await withdraw(m, 250);
    h.setFault({ mode: 'reject', reason: 'INVALID_ACCOUNT', times: 1, toAccountNo: m.bankAccountNo });
    expect((await fin('POST', `/api/admin/withdrawals/${w.id}/approve`)).body.withdrawal.status).toBe('payout_failed');
    await hold(m, true, 'Account under review');
    const retry = await fin('POST', `/api/admin/withdrawals/${w.id}/retry`);
    expect(retry).toMatchObject({ status: 409, body: { message: 'PAYOUT_HOLD' } });
    expect((await rowOf(w.id)).status).toBe('payout_failed');
    expect(paidTo(m).filter((p) => p.status === 'PAID')).toEqual([]);

    const rejected = await fin('POST', `/api/admin/withdrawals/${w.id}/reject`, {
      reason: 'BANK_ACCOUNT_INVALID',
      note: 'Account closed at the bank; member asked to update it',
    });
    expect(rejected.body.withdrawal.status).toBe('rejected');
    const [, reject] = await auditOf(`withdrawal:${w.id}`);
    expect(reject).toMatchObject({
      action: 'withdrawal.reject',
      after: {
        status: 'rejected',
        reason: 'BANK_ACCOUNT_INVALID',
        note: 'Account closed at the bank; member asked to update it',
      },
    });
    expect(await h.walletMinor(m.id)).toBe(1_000n * 100n);
    expect(await h.invariants()).toEqual([]);
  });

  it('the reconciler never pays a held member: an approved row goes back to review, a lost payout is not resent', async () => {
    // an approved row left behind by a crash between the approval and the payout
    const a = await h.member(1_000n * 100n);
    const wa = await withdraw(a, 150);
    await h.t.ctx.db.update(withdrawals).set({ status: 'approved' }).where(eq(withdrawals.id, wa.id));
    await hold(a, true, 'Pending KYC documents');
    // a payout the bank never received (timeout), then a hold
    const b = await h.member(1_000n * 100n);
    const wb = await withdraw(b, 150);
    h.setFault({ mode: 'timeout', times: 1, toAccountNo: b.bankAccountNo });
    expect((await fin('POST', `/api/admin/withdrawals/${wb.id}/approve`)).body.withdrawal.status).toBe('paying');
    await hold(b, true, 'Pending KYC documents');

    const report = await h.reconcile();
    expect(report.held).toBeGreaterThanOrEqual(1);
    expect(await rowOf(wa.id)).toMatchObject({ status: 'pending_review', lastError: 'PAYOUT_HOLD' });
    expect((await rowOf(wb.id)).status).toBe('paying');
    expect(paidTo(a)).toEqual([]);
    expect(paidTo(b)).toEqual([]);
    expect(await h.invariants()).toEqual([]);

    await hold(b, false, 'Documents checked');
    await h.reconcile();
    expect((await rowOf(wb.id)).status).toBe('paid');
    expect(paidTo(b)).toHaveLength(1);
    expect(await h.invariants()).toEqual([]);
  });
});

describe('risk context', () => {
  it("shows the hold with its note, the member's account changes, cooling and recent moves", async () => {
    const m = await h.member(1_000n * 100n);
    const w = await withdraw(m, 120);
    await hold(m, true, 'Pending KYC documents');
    const at = h.t.ctx.clock.now();
    await h.t.ctx.db.insert(memberSecurityEvents).values({
      memberId: m.id,
      kind: PAYOUT_ACCOUNT_CHANGED,
      detail: {
        before: { bankCode: 'SCB', bankAccountNo: '1110001111' },
        after: { bankCode: 'KBANK', bankAccountNo: m.bankAccountNo },
      },
      createdAt: at,
    });
    const res = await fin('GET', `/api/admin/withdrawals/${w.id}/risk`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      withdrawal: { id: w.id, status: 'pending_review', amount: 120 },
      flags: { payoutHold: true, holdReason: 'Pending KYC documents', holdBy: 'admin', flagged: false },
      conditionRunning: false,
      accountChanges: [
        {
          at: at.toISOString(),
          before: { bankCode: 'SCB', bankAccountNo: '1110001111' },
          after: { bankCode: 'KBANK', bankAccountNo: m.bankAccountNo },
        },
      ],
      activity: { recentWithdrawals: [{ amount: 120, status: 'pending_review' }] },
    });
    expect(new Date(res.body.coolingUntil as string).getTime()).toBeGreaterThan(at.getTime());

    expect((await fin('GET', '/api/admin/withdrawals/AAAAAAAAAAAA/risk')).body.message).toBe('NOT_FOUND');
    const audited = await h.t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, `withdrawal:${w.id}`), like(auditLog.action, 'withdrawal.%')));
    expect(audited).toEqual([]);
    await fin('POST', `/api/admin/withdrawals/${w.id}/reject`, { reason: 'OTHER' });
    expect(await h.invariants()).toEqual([]);
  });
});
