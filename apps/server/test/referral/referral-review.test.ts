import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/db/schema/audit.ts';
import { referralLinks } from '../../src/db/schema/referral.ts';
import { checkLedgerInvariants } from '../../src/modules/ledger/ledger.api.ts';
import { uniqueIp } from '../account/account-helpers.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { adminToken } from '../operators/operator-helpers.ts';
import { adminGet, deposit, join, wallet, type Player } from './referral-harness.ts';

/**
 * Self-referral from one line with another browser (docs/decisions/0026-abuse-limits.md): an inviter and invitee who signed in from one
 * address within `selfReferralSignals.sharedAddressHours` are flagged `shared_ip` (whatever the browser), and their
 * commissions are held — not paid — until an operator approves (paid then, once) or rejects them, audited. Before:
 * only IP + browser together counted, so a second browser on the same line was paid and never flagged.
 */
let t: TestApp;
let operator: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.settings.set('referralRates', { depositPercent: 5 });
  operator = await adminToken(t);
});
afterAll(async () => {
  expect(await checkLedgerInvariants(t.ctx.db)).toEqual([]);
  await t.close();
});

const SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

/** Sign in again from `ip` with another browser (User-Agent). */
async function signInFrom(p: Player, ip: string, userAgent: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: p.username, password: p.password },
    headers: { 'user-agent': userAgent },
    remoteAddress: ip,
  });
  expect(res.statusCode).toBe(200);
  p.token = (res.json() as { token: string }).token;
}

async function review(inviteeId: number, decision: 'approve' | 'reject', reason = 'checked the documents') {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/referral/flags/${inviteeId}/review`,
    headers: { authorization: `Bearer ${operator}` },
    payload: { decision, reason },
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

const flagOf = async (inviteeId: number) =>
  ((await adminGet(t, '/api/admin/referral/flags?pageSize=100')).body.rows as Array<Record<string, unknown>>).find(
    (r) => r.inviteeId === inviteeId,
  );
const inviteAmount = async (p: Player) => ((await wallet(t, p)).invite as { amount: number }).amount;

/** The defect: the friend registers elsewhere, then signs in on the inviter's line with another browser. */
async function sameLineOtherBrowser() {
  const line = uniqueIp();
  const inviter = await join(t, line);
  const friend = await join(t, uniqueIp(), { inviteCode: `PR${inviter.id}` });
  await signInFrom(friend, line, SAFARI);
  return { line, inviter, friend };
}

describe('a shared address flags the referral; its commission waits for review', () => {
  it('holds the commission and lists the signal with the address; approve pays it once, audited', async () => {
    const { line, inviter, friend } = await sameLineOtherBrowser();
    await deposit(t, friend.id, 100_000n);
    expect(await inviteAmount(inviter)).toBe(0);
    expect(await flagOf(friend.id)).toMatchObject({
      inviterId: inviter.id,
      signals: ['shared_ip'],
      sharedAddresses: [line],
      review: 'held',
      withheld: 50,
      paid: 0,
      reviewedBy: null,
    });

    const approved = await review(friend.id, 'approve');
    expect(approved.status).toBe(200);
    expect(approved.body.flag).toMatchObject({ review: 'approved', withheld: 0, paid: 50, reviewedBy: 'admin' });
    expect(await inviteAmount(inviter)).toBe(50);
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `referral:${friend.id}`));
    expect(audit).toMatchObject({ action: 'referral.approve', operator: 'admin' });
    expect(audit!.after).toMatchObject({ review: 'approved', paid: 50, reason: 'checked the documents' });

    // the same decision again changes nothing and pays nothing twice; the opposite one is refused
    expect((await review(friend.id, 'approve')).body.flag).toMatchObject({ review: 'approved', paid: 50 });
    expect(await review(friend.id, 'reject')).toEqual({ status: 400, body: { message: 'KEY_INVALID' } });
    expect(await inviteAmount(inviter)).toBe(50);
    expect(
      await t.ctx.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.target, `referral:${friend.id}`)),
    ).toHaveLength(1);

    // approved: the next deposit is paid at once
    await deposit(t, friend.id, 20_000n);
    expect(await inviteAmount(inviter)).toBe(60);
  });

  it('reject refuses the held commission and every later one; approve after it is refused', async () => {
    const { inviter, friend } = await sameLineOtherBrowser();
    await deposit(t, friend.id, 100_000n);
    const rejected = await review(friend.id, 'reject', 'one person, two accounts');
    expect(rejected.status).toBe(200);
    expect(rejected.body.flag).toMatchObject({ review: 'rejected', withheld: 50, paid: 0 });
    await deposit(t, friend.id, 100_000n);
    expect(await inviteAmount(inviter)).toBe(0);
    expect(await flagOf(friend.id)).toMatchObject({ review: 'rejected', withheld: 100, paid: 0 });
    expect(await review(friend.id, 'approve')).toEqual({ status: 400, body: { message: 'KEY_INVALID' } });
    expect(await inviteAmount(inviter)).toBe(0);
  });

  it('an approved referral is held again when a new signal appears (the same device later)', async () => {
    const { line, inviter, friend } = await sameLineOtherBrowser();
    await deposit(t, friend.id, 100_000n);
    expect((await review(friend.id, 'approve')).status).toBe(200);
    // the friend now signs in on the inviter's own browser: a device signal the operator has not seen
    await signInFrom(friend, line, 'lightMyRequest');
    await deposit(t, friend.id, 100_000n);
    expect(await inviteAmount(inviter)).toBe(50);
    expect(await flagOf(friend.id)).toMatchObject({ signals: ['shared_ip', 'device'], review: 'held', withheld: 50 });
    expect((await review(friend.id, 'approve')).body.flag).toMatchObject({ review: 'approved', paid: 100 });
    expect(await inviteAmount(inviter)).toBe(100);
  });

  it('refuses a review of an invite that is not flagged (NOT_FOUND) or without a reason (KEY_INVALID)', async () => {
    const inviter = await join(t, uniqueIp());
    const friend = await join(t, uniqueIp(), { inviteCode: `PR${inviter.id}` });
    expect(await review(friend.id, 'approve')).toEqual({ status: 404, body: { message: 'NOT_FOUND' } });
    const flagged = await sameLineOtherBrowser();
    await deposit(t, flagged.friend.id, 100_000n);
    expect((await review(flagged.friend.id, 'approve', ' ')).status).toBe(400);
    expect(await flagOf(flagged.friend.id)).toMatchObject({ review: 'held' });
  });
  // last: it moves the clock past every session's life
  it('the same address outside the window is no signal: the commission is paid', async () => {
    const line = uniqueIp();
    const inviter = await join(t, line);
    t.clock.advance(100 * 3_600_000);
    const friend = await join(t, uniqueIp(), { inviteCode: `PR${inviter.id}` });
    await signInFrom(friend, line, SAFARI);
    await deposit(t, friend.id, 100_000n);
    await signInFrom(inviter, uniqueIp(), SAFARI);
    expect(await inviteAmount(inviter)).toBe(50);
    const [link] = await t.ctx.db.select().from(referralLinks).where(eq(referralLinks.inviteeId, friend.id));
    expect(link).toMatchObject({ signals: [], sharedAddresses: [], review: 'clear', flaggedAt: null });
  });
});
