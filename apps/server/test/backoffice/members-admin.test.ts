import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEvents } from '../../src/db/schema/events.ts';
import { auditLog } from '../../src/db/schema/audit.ts';
import { memberPayoutFlags } from '../../src/modules/account/account.api.ts';
import { verifyAuditChain } from '../../src/modules/audit/audit.api.ts';
import { OPENING_BALANCE_MINOR } from '../../src/modules/ledger/opening-balance.ts';
import { get, login, signUp } from '../account/account-helpers.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { adminCall, expectBooksBalanced, operators } from './backoffice-helpers.ts';

let t: TestApp;
let tok: Record<string, string>;
type Member = Awaited<ReturnType<typeof signUp>> & { id: number };
let alice: Member;
let bob: Member;

async function memberIdOf(token: string): Promise<number> {
  const res = await get(t, '/api/wallet', { token });
  return Number((res.body.profile as { _id: string })._id);
}
const walletOf = async (m: Member) =>
  ((await get(t, '/api/wallet', { token: m.token })).body.wallet as { amount: number }).amount;
const auditActions = async (memberId: number) =>
  (
    await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `member:${memberId}`))
  ).map((r) => r.action);

beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.settings.set('registerOTP', false);
  tok = await operators(t, { fin1: ['finance'], fin2: ['finance'], sup: ['support'], mkt: ['marketing'] });
  const a = await signUp(t, { name: 'Alice Wonder', bankAccountNo: '5550001111' });
  alice = { ...a, id: await memberIdOf(a.token) };
  const b = await signUp(t, { name: 'Bob Builder', bankAccountNo: '5550002222' });
  bob = { ...b, id: await memberIdOf(b.token) };
});
afterAll(async () => {
  await expectBooksBalanced(t);
  expect((await verifyAuditChain(t.ctx.db)).problems).toEqual([]);
  await t.close();
});

describe('member search', () => {
  const search = async (q: string, token = tok.sup!) => {
    const res = await adminCall(t, token, 'GET', `/api/admin/members?q=${encodeURIComponent(q)}&pageSize=20`);
    expect(res.status).toBe(200);
    return res.body as { rows: Array<{ id: number }>; total: number };
  };

  it('finds a member by phone, name, bank account number and member id', async () => {
    expect((await search(alice.username)).rows.map((r) => r.id)).toEqual([alice.id]);
    expect((await search('wonder')).rows.map((r) => r.id)).toEqual([alice.id]);
    expect((await search('0002222')).rows.map((r) => r.id)).toEqual([bob.id]);
    expect((await search(String(bob.id))).rows.map((r) => r.id)).toContain(bob.id);
    expect((await search('no such person')).total).toBe(0);
  });

  it('pages on the server and treats % and _ as themselves', async () => {
    const page = await adminCall(t, tok.fin1!, 'GET', '/api/admin/members?page=2&pageSize=1');
    expect(page.body).toMatchObject({ page: 2, pageSize: 1 });
    // Alice, Bob, the demo member and the friend the demo member invited (the referral demo data)
    expect(page.body.total).toBe(4);
    expect((page.body.rows as unknown[]).length).toBe(1);
    expect((await search('%')).total).toBe(0);
    // registered in a Bangkok date range: [from, to)
    const now = t.clock.now().getTime();
    const at = (ms: number) => encodeURIComponent(new Date(ms).toISOString().replace('Z', '+00:00'));
    const range = (from: number, to: number) =>
      adminCall(t, tok.sup!, 'GET', `/api/admin/members?q=Alice&from=${at(from)}&to=${at(to)}`);
    expect((await range(now - 86_400_000, now + 86_400_000)).body.total).toBe(1);
    expect((await range(now + 86_400_000, now + 2 * 86_400_000)).body.total).toBe(0);
  });

  it('is refused to a role without members', async () => {
    expect((await adminCall(t, tok.mkt!, 'GET', '/api/admin/members')).status).toBe(403);
  });
});

describe('member actions', () => {
  it('deactivating revokes every session at once, emits session.revoked and is audited; reactivating allows login', async () => {
    expect((await get(t, '/api/wallet', { token: bob.token })).status).toBe(200);
    const res = await adminCall(t, tok.sup!, 'POST', `/api/admin/members/${bob.id}/status`, {
      status: 'inactive',
      reason: 'fraud report',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ member: { status: 'inactive' }, revokedSessions: 1 });
    expect((await get(t, '/api/wallet', { token: bob.token })).status).toBe(401);
    const events = await t.ctx.db.select().from(outboxEvents).where(eq(outboxEvents.type, 'session.revoked'));
    expect(events.map((e) => e.payload)).toContainEqual(
      expect.objectContaining({ memberId: bob.id, reason: 'deactivated' }),
    );
    const detail = await adminCall(t, tok.sup!, 'GET', `/api/admin/members/${bob.id}`);
    expect((detail.body.sessions as Array<{ live: boolean }>).every((s) => !s.live)).toBe(true);

    const back = await adminCall(t, tok.sup!, 'POST', `/api/admin/members/${bob.id}/status`, {
      status: 'active',
      reason: 'cleared',
    });
    expect(back.body).toMatchObject({ member: { status: 'active' }, revokedSessions: 0 });
    expect(await auditActions(bob.id)).toEqual(['member.deactivate', 'member.reactivate']);
    const again = await login(t, bob.username, bob.password, bob.ip);
    expect(again.status).toBe(200);
    bob.token = again.body.token as string;
  });

  it('revokes one session by its shown id', async () => {
    const fresh = await signUp(t);
    const id = await memberIdOf(fresh.token);
    const detail = await adminCall(t, tok.sup!, 'GET', `/api/admin/members/${id}`);
    const [session] = detail.body.sessions as Array<{ id: string; live: boolean }>;
    expect(session).toMatchObject({ live: true });
    expect(session!.id).toHaveLength(8);
    const res = await adminCall(t, tok.sup!, 'POST', `/api/admin/members/${id}/sessions/${session!.id}/revoke`);
    expect(res).toMatchObject({ status: 200, body: { message: 'SUCCESS' } });
    expect((await get(t, '/api/wallet', { token: fresh.token })).status).toBe(401);
    const again = await adminCall(t, tok.sup!, 'POST', `/api/admin/members/${id}/sessions/${session!.id}/revoke`);
    expect(again.status).toBe(404);
    expect(await auditActions(id)).toEqual(['member.session.revoke']);
  });

  it('flags and holds payouts (the withdrawals rule reads them), each audited', async () => {
    const flag = await adminCall(t, tok.sup!, 'POST', `/api/admin/members/${alice.id}/flag`, {
      flagged: true,
      reason: 'shared device',
    });
    expect(flag.body).toMatchObject({ flagged: true, flagReason: 'shared device', flaggedBy: 'sup' });
    // the payout hold is finance's
    const denied = await adminCall(t, tok.sup!, 'POST', `/api/admin/members/${alice.id}/hold`, {
      payoutHold: true,
      reason: 'bank check',
    });
    expect(denied.status).toBe(403);
    const hold = await adminCall(t, tok.fin1!, 'POST', `/api/admin/members/${alice.id}/hold`, {
      payoutHold: true,
      reason: 'bank check',
    });
    expect(hold.body).toMatchObject({ payoutHold: true, holdBy: 'fin1' });
    expect(await memberPayoutFlags(t.ctx.db, alice.id)).toEqual({ flagged: true, payoutHold: true });
    await adminCall(t, tok.sup!, 'POST', `/api/admin/members/${alice.id}/flag`, { flagged: false, reason: 'cleared' });
    expect(await memberPayoutFlags(t.ctx.db, alice.id)).toEqual({ flagged: false, payoutHold: true });
    expect(await auditActions(alice.id)).toEqual(['member.flag', 'member.payoutHold.set', 'member.unflag']);
  });

  it('answers 404 for a member that does not exist, and changes nothing', async () => {
    for (const path of ['status', 'flag']) {
      const body = path === 'status' ? { status: 'inactive', reason: 'none' } : { flagged: true, reason: 'none' };
      expect((await adminCall(t, tok.sup!, 'POST', `/api/admin/members/999999/${path}`, body)).status).toBe(404);
    }
    expect((await adminCall(t, tok.sup!, 'GET', '/api/admin/members/999999')).status).toBe(404);
  });
});

describe('balance adjustments', () => {
  const adjust = (token: string, memberId: number, amount: string, reason: string, key?: string) =>
    adminCall(t, token, 'POST', `/api/admin/members/${memberId}/adjustments`, { amount, reason }, key);

  it('posts an adjustment up to the threshold at once through the ledger, with its reason and audit row', async () => {
    const res = await adjust(tok.fin1!, alice.id, '150050', 'goodwill credit');
    expect(res.status).toBe(200);
    expect(res.body.adjustment).toMatchObject({ status: 'posted', amount: '150050', requestedBy: 'fin1' });
    expect(await walletOf(alice)).toBe(1500.5);
    const ledger = await adminCall(t, tok.fin1!, 'GET', `/api/admin/members/${alice.id}/ledger`);
    expect((ledger.body.rows as unknown[])[0]).toMatchObject({
      kind: 'adjustment',
      amount: '150050',
      reason: 'goodwill credit',
      account: `member:${alice.id}:wallet`,
    });
    expect((await auditActions(alice.id)).slice(-2)).toEqual(['member.adjustment.request', 'member.adjustment.post']);
  });

  it('above the threshold waits for a second, different operator', async () => {
    const res = await adjust(tok.fin1!, alice.id, '600000', 'big promo payout');
    expect(res.body.adjustment).toMatchObject({ status: 'pending' });
    const id = (res.body.adjustment as { id: number }).id;
    expect(await walletOf(alice)).toBe(1500.5);
    const queue = await adminCall(t, tok.fin2!, 'GET', '/api/admin/adjustments?status=pending');
    expect((queue.body.rows as Array<{ id: number }>).map((r) => r.id)).toEqual([id]);
    const dash = await adminCall(t, tok.mkt!, 'GET', '/api/admin/dashboard');
    expect(dash.body.queues).toMatchObject({ adjustments: 1 });

    const own = await adminCall(t, tok.fin1!, 'POST', `/api/admin/adjustments/${id}/approve`);
    expect(own).toMatchObject({ status: 403, body: { message: 'APPROVAL_OWN_REQUEST' } });
    const byAdmin = await adminCall(t, tok.sup!, 'POST', `/api/admin/adjustments/${id}/approve`);
    expect(byAdmin.status).toBe(403);
    expect(await walletOf(alice)).toBe(1500.5);

    const ok = await adminCall(t, tok.fin2!, 'POST', `/api/admin/adjustments/${id}/approve`);
    expect(ok.body.adjustment).toMatchObject({ status: 'posted', decidedBy: 'fin2' });
    expect(await walletOf(alice)).toBe(7500.5);
    const twice = await adminCall(t, tok.admin!, 'POST', `/api/admin/adjustments/${id}/approve`);
    expect(twice).toMatchObject({ status: 409, body: { message: 'APPROVAL_DECIDED' } });
    const rejectLate = await adminCall(t, tok.admin!, 'POST', `/api/admin/adjustments/${id}/reject`, {
      reason: 'late',
    });
    expect(rejectLate.status).toBe(409);
    expect(await walletOf(alice)).toBe(7500.5);
    expect((await auditActions(alice.id)).slice(-2)).toEqual([
      'member.adjustment.request',
      'member.adjustment.approve',
    ]);
  });

  it('a rejected adjustment moves nothing', async () => {
    const res = await adjust(tok.fin1!, bob.id, '900000', 'typo');
    const id = (res.body.adjustment as { id: number }).id;
    const rejected = await adminCall(t, tok.fin2!, 'POST', `/api/admin/adjustments/${id}/reject`, {
      reason: 'wrong member',
    });
    expect(rejected.body.adjustment).toMatchObject({ status: 'rejected', decisionNote: 'wrong member' });
    expect(await walletOf(bob)).toBe(0);
    const approve = await adminCall(t, tok.admin!, 'POST', `/api/admin/adjustments/${id}/approve`);
    expect(approve.status).toBe(409);
  });

  it('idempotency keys are per operator: a repeat replays, another operator with the same key is a new request', async () => {
    // fin2 and admin have requested nothing today (fin1's 7,500.50 of the rolling day would send these to approval)
    const first = await adjust(tok.fin2!, bob.id, '1000', 'fee refund', 'key-1');
    const again = await adjust(tok.fin2!, bob.id, '1000', 'fee refund', 'key-1');
    expect(again.replayed).toBe(true);
    expect(again.body).toEqual(first.body);
    const other = await adjust(tok.admin!, bob.id, '1000', 'fee refund', 'key-1');
    expect(other.replayed).toBe(false);
    expect((other.body.adjustment as { id: number }).id).not.toBe((first.body.adjustment as { id: number }).id);
    expect(await walletOf(bob)).toBe(20);
    const changed = await adjust(tok.fin2!, bob.id, '2000', 'fee refund', 'key-1');
    expect(changed).toMatchObject({ status: 422, body: { message: 'KEY_INVALID' } });
  });

  it('a debit past the balance is refused with nothing recorded; bad input is refused', async () => {
    const before = (await adminCall(t, tok.fin1!, 'GET', `/api/admin/adjustments?memberId=${bob.id}`)).body.total;
    // within fin2's rolling-day limit (so it is tried at once), far above bob's 20.00
    const res = await adjust(tok.fin2!, bob.id, '-300000', 'chargeback');
    expect(res).toMatchObject({ status: 400, body: { message: 'MONEY_NOT_ENOUGH' } });
    expect((await adminCall(t, tok.fin1!, 'GET', `/api/admin/adjustments?memberId=${bob.id}`)).body.total).toBe(before);
    for (const body of [
      { amount: '0', reason: 'zero' },
      { amount: '100', reason: '' },
      { amount: '1.5', reason: 'decimal' },
      { amount: '100000000000', reason: 'too big' },
    ]) {
      const bad = await adminCall(t, tok.fin1!, 'POST', `/api/admin/members/${bob.id}/adjustments`, body);
      expect(bad.body, JSON.stringify(body)).toEqual({ message: 'KEY_INVALID' });
    }
    expect((await adjust(tok.sup!, bob.id, '100', 'support cannot')).status).toBe(403);
    expect((await adjust(tok.fin1!, 999999, '100', 'no member')).status).toBe(404);
    expect(await walletOf(bob)).toBe(20);
  });
});

describe('dashboard and reconciliation', () => {
  it('counts today in Bangkok time from the ledger and members', async () => {
    const res = await adminCall(t, tok.mkt!, 'GET', '/api/admin/dashboard');
    expect(res.status).toBe(200);
    const body = res.body as { today: Record<string, unknown>; days: unknown[]; currency: string };
    expect(body.currency).toBe('THB');
    expect(body.days).toHaveLength(30);
    // money in as credited: the demo seed credits the demo invitee's deposit (1,000.00) on the app's today
    expect(body.today).toMatchObject({ deposits: '100000', withdrawals: '0', net: '100000' });
    expect(body.today.newMembers).toBeGreaterThanOrEqual(3);
    expect(body.today.activeMembers).toBeGreaterThanOrEqual(3);
  });

  it('runs the ledger invariant check on demand and keeps its history; shows house sums', async () => {
    const run = await adminCall(t, tok.fin1!, 'POST', '/api/admin/reconciliation/checks');
    expect(run.body.run).toMatchObject({ trigger: 'manual', operator: 'fin1', ok: true, problemCount: 0 });
    // the nightly job records its runs in the same history
    const job = t.modules.flatMap((m) => m.jobs ?? []).find((j) => j.name === 'ledger-invariant-check')!;
    await job.handler({ data: undefined as never, attempt: 1, slot: null, runId: 0 });
    const history = await adminCall(t, tok.fin1!, 'GET', '/api/admin/reconciliation/checks');
    expect(history.body).toMatchObject({ total: 2 });
    expect((history.body.rows as Array<{ trigger: string; ok: boolean }>).map((r) => [r.trigger, r.ok])).toEqual([
      ['nightly', true],
      ['manual', true],
    ]);
    const rec = await adminCall(t, tok.fin1!, 'GET', '/api/admin/reconciliation');
    expect(rec.body).toMatchObject({ pendingTransfers: { total: 0 }, pendingPayouts: { total: 0 } });
    const houses = rec.body.houseAccounts as Array<{ account: string; balance: string }>;
    // the demo member's opening balance and this file's posted adjustments
    const posted = 150050n + 600000n + 2000n;
    expect(houses.find((h) => h.account === 'house:adjustment')?.balance).toBe(
      String(-(posted + OPENING_BALANCE_MINOR)),
    );
    expect((await adminCall(t, tok.sup!, 'GET', '/api/admin/reconciliation')).status).toBe(403);
  });
});
