import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedgerInvariants } from '../../src/modules/ledger/ledger.api.ts';
import { get, uniqueIp } from '../account/account-helpers.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { adminGet, deposit, invites, join, receiveInvite, wallet, type Player } from './referral-harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.settings.set('referralRates', { depositPercent: 5 });
});
afterAll(async () => {
  expect(await checkLedgerInvariants(t.ctx.db)).toEqual([]);
  await t.close();
});

describe('referral commission (docs/design.md §9.6)', () => {
  it('invite link → registration → deposit → commission → receive into the wallet', async () => {
    const inviter = await join(t, uniqueIp());
    const friend = await join(t, uniqueIp(), { inviteCode: `PR${inviter.id}` });
    expect((await wallet(t, inviter)).invite).toEqual({ amount: 0, success: 0, fail: 1 });

    await deposit(t, friend.id, 100_000n);
    await deposit(t, friend.id, 33_333n);
    expect((await wallet(t, inviter)).invite).toEqual({ amount: 5000 / 100 + 16.66, success: 1, fail: 0 });
    const list = await invites(t, inviter);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({
      total: 2,
      invites: [{ from: { name: 'Somchai' }, amount: 16.66 }, { amount: 50 }],
    });

    const before = (await wallet(t, inviter)).wallet as { amount: number };
    expect(await receiveInvite(t, inviter)).toEqual({ status: 200, body: { message: 'INVITE_BONUS_SUCCESS' } });
    const after = await wallet(t, inviter);
    expect((after.wallet as { amount: number }).amount).toBeCloseTo(before.amount + 66.66, 2);
    expect(after.invite).toEqual({ amount: 0, success: 1, fail: 0 });
    // like every bonus it starts a credit condition (the referralRates percentages: 200 % to succeed, 10 % to fail)
    expect((await get(t, '/api/bonus/condition', { token: inviter.token })).body).toMatchObject({
      condition: { source: 'invite', successRule: 'credit', bonus: 66.66, target: 133.32, failBelow: 6.66 },
    });
    // nothing left: the second receive finds nothing and credits nothing
    expect(await receiveInvite(t, inviter)).toEqual({ status: 400, body: { message: 'NO_INVITE_BONUS' } });
    expect(((await wallet(t, inviter)).wallet as { amount: number }).amount).toBeCloseTo(before.amount + 66.66, 2);
    // the friend's own deposits are untouched, and a redelivered deposit event pays nothing twice
    expect(((await wallet(t, friend)).wallet as { amount: number }).amount).toBe(1333.33);
  });

  it('a second receive while the first bonus condition runs is refused and moves nothing', async () => {
    const inviter = await join(t, uniqueIp());
    const friend = await join(t, uniqueIp(), { inviteCode: `PR${inviter.id}` });
    await deposit(t, friend.id, 100_000n);
    expect((await receiveInvite(t, inviter)).body).toEqual({ message: 'INVITE_BONUS_SUCCESS' });
    await deposit(t, friend.id, 20_000n);
    const before = await wallet(t, inviter);
    expect(before.invite).toMatchObject({ amount: 10 });
    expect(await receiveInvite(t, inviter)).toEqual({ status: 400, body: { message: 'BONUS_REMAINING' } });
    const after = await wallet(t, inviter);
    expect(after.invite).toMatchObject({ amount: 10 });
    expect(after.wallet).toEqual(before.wallet);
  });

  it('an invite list page holds 10 rows at most', async () => {
    const inviter = await join(t, uniqueIp());
    const friend = await join(t, uniqueIp(), { inviteCode: `PR${inviter.id}` });
    for (let i = 0; i < 12; i++) await deposit(t, friend.id, 1000n);
    const page1 = await invites(t, inviter);
    const page2 = await invites(t, inviter, 2);
    expect(page1.body.total).toBe(12);
    expect(page1.body.invites).toHaveLength(10);
    expect(page2.body.invites).toHaveLength(2);
  });

  it('a member with no invite code earns nobody anything; no commission at 0 %', async () => {
    const loner = await join(t, uniqueIp());
    await deposit(t, loner.id, 100_000n);
    expect((await wallet(t, loner)).invite).toEqual({ amount: 0, success: 0, fail: 0 });
  });
});

describe('self-referral (same bank account, phone or device) earns nothing and is flagged', () => {
  it.each([
    [
      'bank account number (at another bank)',
      (inviter: Player) => ({ bankCode: 'SCB', bankAccountNo: inviter.accountNo }),
    ],
    ['phone as the account number', (inviter: Player) => ({ bankAccountNo: inviter.username })],
  ])('same %s', async (_label, shared) => {
    const inviter = await join(t, uniqueIp(), { bankCode: 'KBANK' });
    const friend = await join(t, uniqueIp(), { inviteCode: `PR${inviter.id}`, ...shared(inviter) });
    await deposit(t, friend.id, 100_000n);
    expect((await wallet(t, inviter)).invite).toMatchObject({ amount: 0, success: 1 });
    expect((await invites(t, inviter)).body).toMatchObject({ total: 0 });
    expect(await receiveInvite(t, inviter)).toEqual({ status: 400, body: { message: 'NO_INVITE_BONUS' } });
    const flags = await adminGet(t, '/api/admin/referral/flags');
    expect(flags.body.rows).toContainEqual(
      expect.objectContaining({ inviterId: inviter.id, inviteeId: friend.id, withheld: 50 }),
    );
  });

  it('same device (IP and browser of a session)', async () => {
    const ip = uniqueIp();
    const inviter = await join(t, ip);
    const friend = await join(t, ip, { inviteCode: `PR${inviter.id}` });
    await deposit(t, friend.id, 100_000n);
    expect((await wallet(t, inviter)).invite).toMatchObject({ amount: 0, success: 1 });
  });
});
