// Longer than 300 lines by choice: one suite of four-eyes scenarios sharing one app, its operators and its clock.
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/db/schema/audit.ts';
import { ledgerTransactions } from '../../src/db/schema/ledger.ts';
import { verifyAuditChain } from '../../src/modules/audit/audit.api.ts';
import { adminCall } from '../backoffice/backoffice-helpers.ts';
import { approvalOperators, signInAgain } from './approval-operators.ts';
import { createDepositsHarness } from '../deposits/deposits-harness.ts';
import { expectLedgerSound } from '../helpers/ledger.ts';

// Four eyes, one mechanism (docs/decisions/0022-four-eyes-approvals.md): adjustments and manual confirmations count
// against adjustmentApprovalAbove over a rolling day per operator AND per member; money-critical settings wait for
// a second admin; the requester never decides their own request.

let h: Awaited<ReturnType<typeof createDepositsHarness>>;
let tok: Record<string, string>;
const HOUR = 3_600_000;
/** Move the test clock (a new rolling day) and sign the operators in again (their sessions ended meanwhile). */
const later = async (ms: number) => {
  h.t.clock.advance(ms);
  await signInAgain(tok);
};

beforeAll(async () => {
  h = await createDepositsHarness();
  h.t.clock.set(new Date('2026-11-23T05:00:00Z'));
  tok = await approvalOperators(h.t, {
    fin1: ['finance'],
    fin2: ['finance'],
    fin3: ['finance'],
    sup: ['support'],
    adm2: ['admin'],
  });
  const lookup = await h.t.ctx.settings.get('deposit');
  await h.t.ctx.settings.set('deposit', { ...lookup, isManual: true });
});
afterAll(async () => {
  expect((await verifyAuditChain(h.t.ctx.db)).problems).toEqual([]);
  await h.close();
});

type Row = { id: number; status: string };
const adjust = (token: string, memberId: number, baht: number, reason = 'goodwill credit') =>
  adminCall(h.t, token, 'POST', `/api/admin/members/${memberId}/adjustments`, {
    amount: String(baht * 100),
    reason,
  });
const adjustment = (res: { body: Record<string, unknown> }) => res.body.adjustment as Row;
const approvalOf = async (target: string) => {
  const list = await adminCall(h.t, tok.fin2!, 'GET', '/api/admin/approvals?status=pending&pageSize=100');
  return (list.body.rows as Array<Row & { target: string }>).find((r) => r.target === target);
};

describe('adjustments: the rolling day per operator and per member', () => {
  it('four 5,000 adjustments by one operator to one member: only the first posts, the rest wait', async () => {
    const m = await h.member();
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(adjustment(await adjust(tok.fin1!, m.id, 5_000)));
    expect(answers.map((a) => a.status)).toEqual(['posted', 'pending', 'pending', 'pending']);
    expect(await h.walletMinor(m.id)).toBe(500_000n);

    // the approvals queue holds the three, with who asked and how much
    const waiting = await approvalOf(`adjustment:${answers[1]!.id}`);
    expect(waiting).toMatchObject({ kind: 'adjustment', amount: '500000', requestedBy: 'fin1', role: 'finance' });

    // a second finance operator approves them: posted, once each
    for (const a of answers.slice(1)) {
      const ok = await adminCall(h.t, tok.fin2!, 'POST', `/api/admin/adjustments/${a.id}/approve`);
      expect(ok.status).toBe(200);
      expect(adjustment(ok)).toMatchObject({ status: 'posted', decidedBy: 'fin2' });
    }
    expect(await h.walletMinor(m.id)).toBe(2_000_000n);
    await expectLedgerSound(h.t);
  });

  it('counts the member across operators, and the operator across members', async () => {
    await later(25 * HOUR);
    const m = await h.member();
    const other = await h.member();
    expect(adjustment(await adjust(tok.fin2!, m.id, 3_000)).status).toBe('posted');
    // fin3 has done nothing today, but the member already got 3,000: 6,000 > 5,000
    expect(adjustment(await adjust(tok.fin3!, m.id, 3_000)).status).toBe('pending');
    // fin2 already moved 3,000 today (for m): 3,000 more for another member is over too
    expect(adjustment(await adjust(tok.fin2!, other.id, 3_000)).status).toBe('pending');
    // debits count like credits (magnitudes)
    expect(adjustment(await adjust(tok.fin3!, other.id, -2_500, 'fee reversal')).status).toBe('pending');
    expect(await h.walletMinor(other.id)).toBe(0n);
    await expectLedgerSound(h.t);
  });

  it('the window rolls: 24 hours later the same operator and member are within the limit again', async () => {
    await later(25 * HOUR);
    const m = await h.member();
    expect(adjustment(await adjust(tok.fin3!, m.id, 4_000)).status).toBe('posted');
    await later(23 * HOUR);
    expect(adjustment(await adjust(tok.fin3!, m.id, 2_000)).status).toBe('pending');
    await later(1 * HOUR + 1000);
    // the 4,000 left the window; the pending 2,000 (23 hours ago) still counts: 2,000 + 3,000 = 5,000
    expect(adjustment(await adjust(tok.fin3!, m.id, 3_000)).status).toBe('posted');
    expect(await h.walletMinor(m.id)).toBe(700_000n);
    await expectLedgerSound(h.t);
  });

  it('the requester cannot approve; a support operator cannot; a decided request is not decided again', async () => {
    await later(25 * HOUR);
    const m = await h.member();
    const a = adjustment(await adjust(tok.fin1!, m.id, 9_000));
    expect(a.status).toBe('pending');
    const approval = (await approvalOf(`adjustment:${a.id}`))!;

    const own = await adminCall(h.t, tok.fin1!, 'POST', `/api/admin/approvals/${approval.id}/approve`);
    expect(own).toMatchObject({ status: 403, body: { message: 'APPROVAL_OWN_REQUEST' } });
    const ownOld = await adminCall(h.t, tok.fin1!, 'POST', `/api/admin/adjustments/${a.id}/approve`);
    expect(ownOld).toMatchObject({ status: 403, body: { message: 'APPROVAL_OWN_REQUEST' } });
    const support = await adminCall(h.t, tok.sup!, 'POST', `/api/admin/approvals/${approval.id}/approve`);
    expect(support).toMatchObject({ status: 403, body: { message: 'FORBIDDEN' } });
    // an admin without finance may see the queue but not decide a money request
    const admin = await adminCall(h.t, tok.adm2!, 'POST', `/api/admin/approvals/${approval.id}/approve`);
    expect(admin).toMatchObject({ status: 403, body: { message: 'FORBIDDEN' } });
    expect(await h.walletMinor(m.id)).toBe(0n);

    const ok = await adminCall(h.t, tok.fin3!, 'POST', `/api/admin/approvals/${approval.id}/approve`);
    expect(ok.body.approval).toMatchObject({ status: 'approved', requestedBy: 'fin1', decidedBy: 'fin3' });
    const twice = await adminCall(h.t, tok.fin2!, 'POST', `/api/admin/approvals/${approval.id}/approve`);
    expect(twice).toMatchObject({ status: 409, body: { message: 'APPROVAL_DECIDED' } });
    expect(await h.walletMinor(m.id)).toBe(900_000n);
    const posted = await h.t.ctx.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, `adjustment:${a.id}`));
    expect(posted).toHaveLength(1);
    const audit = await h.t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `adjustment:${a.id}`));
    expect(audit.map((r) => [r.action, r.operator])).toEqual([
      ['approval.request', 'fin1'],
      ['approval.approve', 'fin3'],
    ]);
    expect(audit[1]!.after).toMatchObject({ requestedBy: 'fin1', decidedBy: 'fin3' });
    await expectLedgerSound(h.t);
  });

  it('a rejection is audited and moves nothing; the requester may withdraw their own', async () => {
    await later(25 * HOUR);
    const m = await h.member();
    const a = adjustment(await adjust(tok.fin1!, m.id, 8_000));
    const rejected = await adminCall(h.t, tok.fin2!, 'POST', `/api/admin/adjustments/${a.id}/reject`, {
      reason: 'wrong member',
    });
    expect(adjustment(rejected)).toMatchObject({ status: 'rejected', decidedBy: 'fin2' });
    const b = adjustment(await adjust(tok.fin1!, m.id, 8_000));
    const approval = (await approvalOf(`adjustment:${b.id}`))!;
    const withdrawn = await adminCall(h.t, tok.fin1!, 'POST', `/api/admin/approvals/${approval.id}/reject`, {
      note: 'typed twice',
    });
    expect(withdrawn.body.approval).toMatchObject({ status: 'rejected', decidedBy: 'fin1' });
    expect(await h.walletMinor(m.id)).toBe(0n);
    const audit = await h.t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `adjustment:${a.id}`));
    expect(audit.map((r) => r.action)).toEqual(['approval.request', 'approval.reject']);
    await expectLedgerSound(h.t);
  });
});

describe('manual deposit notices: a cap per notice, the same rolling-day rule', () => {
  const notify = (token: string, amount: number) => h.send('POST', '/api/wallet/add', { amount }, token);
  const manual = async (memberId: number) =>
    (await h.deposits(memberId)).filter((d) => d.channel === 'manual' && d.status === 'review');
  const confirm = (token: string, id: string, note = 'seen on the KBANK statement') =>
    adminCall(h.t, token, 'POST', `/api/admin/deposits/${id}/confirm`, { note });

  it('a notice above manualDepositCap is refused, and so is its confirmation after the cap was lowered', async () => {
    await later(25 * HOUR);
    const m = await h.member();
    await h.t.ctx.settings.set('manualDepositCap', 50_000);
    expect(await notify(m.token, 200_000)).toMatchObject({ status: 422, body: { message: 'MANUAL_DEPOSIT_CAP' } });
    expect(await manual(m.id)).toEqual([]);
    expect((await notify(m.token, 40_000)).status).toBe(200);
    const [notice] = await manual(m.id);
    await h.t.ctx.settings.set('manualDepositCap', 30_000);
    expect(await confirm(tok.fin1!, notice!.id)).toMatchObject({
      status: 422,
      body: { message: 'MANUAL_DEPOSIT_CAP' },
    });
    expect(await h.walletMinor(m.id)).toBe(0n);
    await h.t.ctx.settings.set('manualDepositCap', 50_000);
    await expectLedgerSound(h.t);
  });

  it('above the threshold a confirmation waits for a second operator, who credits it once', async () => {
    await later(25 * HOUR);
    const m = await h.member();
    expect((await notify(m.token, 20_000)).status).toBe(200);
    const [notice] = await manual(m.id);
    const first = await confirm(tok.fin1!, notice!.id, 'seen');
    expect(first.status).toBe(200);
    expect(first.body.row).toMatchObject({ status: 'review' });
    expect(first.body.approval).toMatchObject({ kind: 'manual_deposit', status: 'pending', amount: '2000000' });
    expect(await h.walletMinor(m.id)).toBe(0n);
    // confirming again (any operator) while it waits is refused with the reason
    expect(await confirm(tok.fin2!, notice!.id)).toMatchObject({ status: 409, body: { message: 'APPROVAL_PENDING' } });

    const id = (first.body.approval as { id: number }).id;
    const own = await adminCall(h.t, tok.fin1!, 'POST', `/api/admin/approvals/${id}/approve`);
    expect(own.body.message).toBe('APPROVAL_OWN_REQUEST');
    const ok = await adminCall(h.t, tok.fin2!, 'POST', `/api/admin/approvals/${id}/approve`);
    expect(ok.body.approval).toMatchObject({ status: 'approved', decidedBy: 'fin2' });
    expect(await h.walletMinor(m.id)).toBe(2_000_000n);
    const again = await adminCall(h.t, tok.fin3!, 'POST', `/api/admin/approvals/${id}/approve`);
    expect(again.body.message).toBe('APPROVAL_DECIDED');
    expect(await h.walletMinor(m.id)).toBe(2_000_000n);
    const audit = await h.t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `deposit:${notice!.id}`));
    const confirmRow = audit.find((a) => a.action === 'deposit.confirm');
    expect(confirmRow).toMatchObject({ operator: 'fin2' });
    expect(confirmRow!.after).toMatchObject({ requestedBy: 'fin1', approvedBy: 'fin2', status: 'credited' });
    await expectLedgerSound(h.t);
  });

  it('adjustments and manual confirmations share the rolling day; rejecting the notice ends its request', async () => {
    await later(25 * HOUR);
    const m = await h.member();
    expect(adjustment(await adjust(tok.fin3!, m.id, 4_000)).status).toBe('posted');
    expect((await notify(m.token, 2_000)).status).toBe(200);
    const [notice] = await manual(m.id);
    const waiting = await confirm(tok.fin2!, notice!.id);
    expect(waiting.body.approval).toMatchObject({ status: 'pending' });
    const rejected = await adminCall(h.t, tok.fin1!, 'POST', `/api/admin/deposits/${notice!.id}/reject`, {
      note: 'not on the statement',
    });
    expect(rejected.body.row).toMatchObject({ status: 'rejected' });
    const id = (waiting.body.approval as { id: number }).id;
    const late = await adminCall(h.t, tok.fin3!, 'POST', `/api/admin/approvals/${id}/approve`);
    expect(late).toMatchObject({ status: 409, body: { message: 'APPROVAL_DECIDED' } });
    expect(await h.walletMinor(m.id)).toBe(400_000n);
    await expectLedgerSound(h.t);
  });
});

describe('money-critical settings wait for a second admin', () => {
  const put = (token: string, key: string, value: unknown) =>
    h.t.app
      .inject({
        method: 'PUT',
        url: `/api/admin/settings/${key}`,
        payload: { value },
        headers: { authorization: `Bearer ${token}` },
      })
      .then((r) => ({ status: r.statusCode, body: r.json() as Record<string, unknown> }));
  const valueOf = async (key: string) => {
    const list = await adminCall(h.t, tok.admin!, 'GET', '/api/admin/settings');
    return (list.body.settings as Array<{ key: string; value: unknown; pending: unknown }>).find((s) => s.key === key);
  };

  it('a change is pending with its diff; another admin approves it; both names are audited', async () => {
    const before = await h.t.ctx.settings.get('withdrawAutoApprove');
    const asked = await put(tok.admin!, 'withdrawAutoApprove', { enabled: true, maxAmount: 50_000 });
    expect(asked.status).toBe(200);
    expect(asked.body.value).toEqual(before);
    expect(asked.body.pending).toMatchObject({
      kind: 'setting',
      status: 'pending',
      payload: { key: 'withdrawAutoApprove', before, after: { enabled: true, maxAmount: 50_000 } },
    });
    expect(await h.t.ctx.settings.get('withdrawAutoApprove')).toEqual(before);
    expect((await valueOf('withdrawAutoApprove'))?.pending).toMatchObject({ status: 'pending' });
    // a second request on the same key while one waits
    expect(await put(tok.adm2!, 'withdrawAutoApprove', { enabled: true, maxAmount: 1 })).toMatchObject({
      status: 409,
      body: { message: 'APPROVAL_PENDING' },
    });

    const id = (asked.body.pending as { id: number }).id;
    expect((await adminCall(h.t, tok.admin!, 'POST', `/api/admin/approvals/${id}/approve`)).body.message).toBe(
      'APPROVAL_OWN_REQUEST',
    );
    // finance cannot decide a settings change
    expect((await adminCall(h.t, tok.fin2!, 'POST', `/api/admin/approvals/${id}/approve`)).body.message).toBe(
      'FORBIDDEN',
    );
    const ok = await adminCall(h.t, tok.adm2!, 'POST', `/api/admin/approvals/${id}/approve`);
    expect(ok.body.approval).toMatchObject({ status: 'approved', requestedBy: 'admin', decidedBy: 'adm2' });
    expect(await h.t.ctx.settings.get('withdrawAutoApprove')).toEqual({ enabled: true, maxAmount: 50_000 });
    const audit = await h.t.ctx.db.select().from(auditLog).where(like(auditLog.target, 'setting:withdrawAutoApprove'));
    const update = audit.find((a) => a.action === 'settings.update');
    expect(update).toMatchObject({ operator: 'adm2', before });
    expect(update!.after).toMatchObject({ requestedBy: 'admin', approvedBy: 'adm2' });
  });

  it('an approval whose "before" is no longer true is refused; other keys change at once', async () => {
    const asked = await put(tok.admin!, 'adjustmentApprovalAbove', 100_000);
    const id = (asked.body.pending as { id: number }).id;
    // the key changed meanwhile (not through the console): the diff the approver would see is stale
    await h.t.ctx.settings.set('adjustmentApprovalAbove', 6_000);
    const stale = await adminCall(h.t, tok.adm2!, 'POST', `/api/admin/approvals/${id}/approve`);
    expect(stale).toMatchObject({ status: 409, body: { message: 'APPROVAL_STALE' } });
    expect(await h.t.ctx.settings.get('adjustmentApprovalAbove')).toBe(6_000);
    await adminCall(h.t, tok.adm2!, 'POST', `/api/admin/approvals/${id}/reject`, { note: 'stale' });
    await h.t.ctx.settings.set('adjustmentApprovalAbove', 5_000);

    const notice = await put(tok.admin!, 'notice', 'hello');
    expect(notice.body).toMatchObject({ value: 'hello', pending: null });
  });
});

describe('prize wheel weights', () => {
  it('refuses negative, fractional and all-zero weights; nothing is saved', async () => {
    const list = await adminCall(h.t, tok.admin!, 'GET', '/api/admin/spinwheel/wheels');
    const wheels = list.body.wheels as Array<{ id: number; slices: Array<Record<string, unknown>> }>;
    const wheel = wheels[0]!;
    const body = (weights: number[]) => ({
      ...wheel,
      slices: wheel.slices.map(({ percent: _p, ...s }, i) => ({ ...s, weight: weights[i] ?? 1 })),
    });
    const save = (weights: number[]) => {
      const { id: _id, updatedAt: _u, ...input } = body(weights) as Record<string, unknown>;
      return h.t.app
        .inject({
          method: 'PUT',
          url: `/api/admin/spinwheel/wheels/${wheel.id}`,
          payload: input,
          headers: { authorization: `Bearer ${tok.admin!}` },
        })
        .then((r) => ({ status: r.statusCode, body: r.json() as Record<string, unknown> }));
    };
    for (const weights of [[-5], [1.5], wheel.slices.map(() => 0)]) {
      expect(await save(weights)).toMatchObject({ status: 400, body: { message: 'WHEEL_WEIGHT_INVALID' } });
    }
    const after = await adminCall(h.t, tok.admin!, 'GET', '/api/admin/spinwheel/wheels');
    expect((after.body.wheels as typeof wheels)[0]!.slices).toEqual(wheel.slices);
  });
});
