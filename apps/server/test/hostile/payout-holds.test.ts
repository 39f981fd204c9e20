import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/db/schema/audit.ts';
import { checkLedgerInvariants } from '../../src/modules/ledger/ledger.api.ts';
import { operatorAccounts } from '../../src/modules/auth/operators.routes.ts';
import { newTotpSecret } from '../../src/modules/auth/totp.ts';
import { uniqueIp } from '../account/account-helpers.ts';
import { operatorLogin, TOTP_STEP_MS } from '../operators/operator-helpers.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createWithdrawalsHarness, type WithdrawalsHarness } from '../withdrawals/withdrawals-harness.ts';

/**
 * Hostile use of payout holds: malformed hold changes, bulk approvals stuffed with held, unknown, repeated and
 * already-decided ids, approve and retry hammered while held, the hold flipped between approvals, operators without
 * the finance role. Every answer is a catalogue code (never a 500), a held member is never paid, nothing half-written.
 */
let h: WithdrawalsHarness;
const counts = { requests: 0, refused: 0, payoutHold: 0, paid: 0 };
beforeAll(async () => {
  // a bank answer within 2 s counts (a loaded machine); a timeout fault holds its answer longer
  h = await createWithdrawalsHarness({ timeoutMs: 2_000, holdMs: 2_500 });
});
afterAll(async () => {
  console.info('hostile: payout holds', counts);
  expect(await h.invariants()).toEqual([]);
  await h.close();
});

type Member = Awaited<ReturnType<WithdrawalsHarness['member']>>;
async function admin(method: 'GET' | 'POST', url: string, body?: unknown) {
  const res = await h.admin(method, url, body);
  counts.requests += 1;
  expect(res.status, `${method} ${url}`).toBeLessThan(500);
  if (res.status >= 400) {
    counts.refused += 1;
    expect(typeof res.body.message).toBe('string');
  }
  if (res.body.message === 'PAYOUT_HOLD') counts.payoutHold += 1;
  return res;
}
const pendingOf = async (m: Member, amount: number) => {
  const known = new Set((await h.withdrawalsOf(m.id)).map((w) => w.id));
  expect((await h.call(m.token, 'POST', '/api/wallet/withdraw', { amount })).body.message).toBe('SUCCESS');
  return (await h.withdrawalsOf(m.id)).find((w) => !known.has(w.id))!;
};
const paidTo = (m: Member) => h.store.list().filter((p) => p.toAccountNo === m.bankAccountNo && p.status === 'PAID');
const hold = (m: Member, payoutHold: boolean) =>
  admin('POST', `/api/admin/members/${m.id}/hold`, { payoutHold, reason: 'Hostile check' });
const auditCount = async (target: string) =>
  (await h.t.ctx.db.select().from(auditLog).where(eq(auditLog.target, target))).length;

describe('payout holds under hostile use', () => {
  it('refuses malformed hold changes with a code and changes nothing', async () => {
    const m = await h.member(100n * 100n);
    const bodies: unknown[] = [
      {},
      { payoutHold: true },
      { payoutHold: true, reason: '' },
      { payoutHold: true, reason: '  ' },
      { payoutHold: 'yes', reason: 'Pending KYC' },
      { payoutHold: 1, reason: 'Pending KYC' },
      { payoutHold: true, reason: 'x'.repeat(501) },
      { payoutHold: true, reason: ['Pending KYC'] },
      { payoutHold: null, reason: 'Pending KYC' },
    ];
    for (const body of bodies) {
      expect((await admin('POST', `/api/admin/members/${m.id}/hold`, body)).status).toBe(400);
    }
    for (const id of ['0', '-1', 'abc', '99999999999', '1e3']) {
      const res = await admin('POST', `/api/admin/members/${id}/hold`, { payoutHold: true, reason: 'Pending KYC' });
      expect([400, 404]).toContain(res.status);
    }
    expect(await auditCount(`member:${m.id}`)).toBe(0);
    expect(await checkLedgerInvariants(h.t.ctx.db)).toEqual([]);
  });

  it('a bulk approval stuffed with held, unknown, repeated and decided ids pays only the free members, once', async () => {
    const held = await Promise.all(Array.from({ length: 5 }, () => h.member(1_000n * 100n)));
    const free = await Promise.all(Array.from({ length: 5 }, () => h.member(1_000n * 100n)));
    const heldRows = await Promise.all(held.map((m) => pendingOf(m, 100)));
    const freeRows = await Promise.all(free.map((m) => pendingOf(m, 100)));
    for (const m of held) await hold(m, true);
    const decided = await pendingOf(free[0]!, 100);
    await admin('POST', `/api/admin/withdrawals/${decided.id}/reject`, { reason: 'OTHER', note: 'decided first' });
    const ids = [
      ...heldRows.map((w) => w.id),
      ...freeRows.map((w) => w.id),
      ...freeRows.map((w) => w.id),
      decided.id,
      'AAAAAAAAAAAA',
      'ZZZZZZZZZZZZ',
    ];
    const res = await admin('POST', '/api/admin/withdrawals/bulk-approve', { ids });
    expect(res.status).toBe(200);
    const byId = new Map(
      (res.body.results as Array<{ id: string; status: string; refusal: string }>).map((r) => [r.id, r]),
    );
    expect(res.body.results).toHaveLength(ids.length - freeRows.length);
    for (const w of heldRows)
      expect(byId.get(w.id)).toEqual({ id: w.id, status: 'pending_review', refusal: 'PAYOUT_HOLD' });
    for (const w of freeRows) expect(byId.get(w.id)).toEqual({ id: w.id, status: 'paid', refusal: null });
    expect(byId.get(decided.id)).toEqual({ id: decided.id, status: 'rejected', refusal: 'APPROVAL_DECIDED' });
    expect(byId.get('AAAAAAAAAAAA')).toEqual({ id: 'AAAAAAAAAAAA', status: null, refusal: 'NOT_FOUND' });
    for (const m of held) expect(paidTo(m)).toEqual([]);
    for (const m of free) expect(paidTo(m)).toHaveLength(1);
    counts.paid += free.length;
    for (const bad of [
      { ids: [] },
      { ids: ['../../etc'] },
      { ids: Array.from({ length: 51 }, () => 'AAAAAAAAAAAA') },
      {},
    ]) {
      expect((await admin('POST', '/api/admin/withdrawals/bulk-approve', bad)).status).toBe(400);
    }
    expect(await h.invariants()).toEqual([]);
  });

  it('approve, retry and bulk hammered in parallel while held: every one refused, nothing paid', async () => {
    const m = await h.member(1_000n * 100n);
    const w = await pendingOf(m, 300);
    const failed = await pendingOf(m, 200);
    h.setFault({ mode: 'reject', times: 1, toAccountNo: m.bankAccountNo });
    expect((await admin('POST', `/api/admin/withdrawals/${failed.id}/approve`)).body.withdrawal.status).toBe(
      'payout_failed',
    );
    await hold(m, true);
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, () => admin('POST', `/api/admin/withdrawals/${w.id}/approve`)),
      ...Array.from({ length: 4 }, () => admin('POST', `/api/admin/withdrawals/${failed.id}/retry`)),
      admin('POST', '/api/admin/withdrawals/bulk-approve', { ids: [w.id, failed.id] }),
    ]);
    for (const a of answers.slice(0, 12)) expect(a).toMatchObject({ status: 409, body: { message: 'PAYOUT_HOLD' } });
    expect(answers[12]!.body.results).toEqual([
      { id: w.id, status: 'pending_review', refusal: 'PAYOUT_HOLD' },
      { id: failed.id, status: 'payout_failed', refusal: 'APPROVAL_DECIDED' },
    ]);
    expect(paidTo(m)).toEqual([]);
    expect(await auditCount(`withdrawal:${w.id}`)).toBe(0);
    expect(await h.invariants()).toEqual([]);
  });

  it('the hold flipped on and off between approvals: paid only while lifted, each change audited', async () => {
    const m = await h.member(2_000n * 100n);
    const rows = [];
    for (let i = 0; i < 6; i += 1) rows.push(await pendingOf(m, 100));
    let lifted = 0;
    for (const [i, w] of rows.entries()) {
      const on = i % 2 === 0;
      await hold(m, on);
      const res = await admin('POST', `/api/admin/withdrawals/${w.id}/approve`);
      if (on) expect(res.body.message).toBe('PAYOUT_HOLD');
      else {
        expect(res.body.withdrawal.status).toBe('paid');
        lifted += 1;
      }
    }
    counts.paid += lifted;
    expect(paidTo(m)).toHaveLength(lifted);
    const actions = (
      await h.t.ctx.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.target, `member:${m.id}`))
    ).map((a) => a.action);
    expect(actions).toEqual([
      'member.payoutHold.set',
      'member.payoutHold.lift',
      'member.payoutHold.set',
      'member.payoutHold.lift',
      'member.payoutHold.set',
      'member.payoutHold.lift',
    ]);
    expect(await h.invariants()).toEqual([]);
  });

  it('refuses malformed ids on the risk context', async () => {
    for (const id of ['..%2F..%2Fetc', 'short', 'x'.repeat(65), '%00%00%00%00%00%00%00%00']) {
      expect((await admin('GET', `/api/admin/withdrawals/${id}/risk`)).status).toBe(400);
    }
    expect((await admin('GET', '/api/admin/withdrawals/AAAAAAAAAAAA/risk')).status).toBe(404);
    expect(await checkLedgerInvariants(h.t.ctx.db)).toEqual([]);
  });
});

describe('payout holds: roles', () => {
  let t: TestApp;
  let tok: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    tok = { sup: await seededOperator(t, 'sup', ['support']), mkt: await seededOperator(t, 'mkt', ['marketing']) };
  });
  afterAll(async () => {
    await t.close();
  });

  it('an operator without the finance role gets FORBIDDEN on the hold, the risk context and every approval', async () => {
    const calls: Array<[string, string, unknown?]> = [
      ['POST', '/api/admin/members/1/hold', { payoutHold: false, reason: 'Lift it please' }],
      ['GET', '/api/admin/withdrawals/AAAAAAAAAAAA/risk'],
      ['POST', '/api/admin/withdrawals/AAAAAAAAAAAA/approve'],
      ['POST', '/api/admin/withdrawals/AAAAAAAAAAAA/retry'],
      ['POST', '/api/admin/withdrawals/bulk-approve', { ids: ['AAAAAAAAAAAA'] }],
    ];
    for (const token of [tok.sup!, tok.mkt!]) {
      for (const [method, url, payload] of calls) {
        const res = await t.app.inject({
          method: method as 'GET' | 'POST',
          url,
          headers: { authorization: `Bearer ${token}` },
          ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
        });
        counts.requests += 1;
        counts.refused += 1;
        expect(res.statusCode, url).toBe(403);
        expect(res.json()).toEqual({ message: 'FORBIDDEN' });
      }
    }
    expect(await checkLedgerInvariants(t.ctx.db)).toEqual([]);
  });
});

/** An operator seeded as the system seeds the demo one (this file is about roles, not enrolment), signed in. */
async function seededOperator(t: TestApp, username: string, roles: Array<'support' | 'marketing'>): Promise<string> {
  const password = `${username}-operator-password`;
  const secret = newTotpSecret();
  const { accounts } = operatorAccounts(t.ctx);
  await t.ctx.db.transaction((tx) =>
    accounts.insert(
      tx,
      { id: null, username: 'system' },
      { username, password, roles, totpSecret: secret, confirmed: true },
      { ip: null },
    ),
  );
  t.clock.advance(TOTP_STEP_MS);
  const res = await operatorLogin(t, username, password, secret, uniqueIp());
  if (res.status !== 200) throw new Error(`${username} login failed: ${JSON.stringify(res.body)}`);
  return res.body.token as string;
}
