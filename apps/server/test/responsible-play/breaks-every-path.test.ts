import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/clock.ts';
import { LedgerService, memberInvite, memberRefund, memberWallet } from '../../src/modules/ledger/ledger.api.ts';
import { get, post, uniqueIp } from '../account/account-helpers.ts';
import { expectLedgerSound } from '../helpers/ledger.ts';
import { multipart } from '../helpers/multipart-body.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { addPromotion } from '../promotions/promo-fixture.ts';
import { deposit, join, relogin, type Player } from '../referral/referral-harness.ts';
import { bet, runRefundJob } from '../refunds/refunds-harness.ts';

/**
 * docs/responsible-play.md §4: a cooling-off blocks every path that puts money into play — each claim (bonus,
 * promotion code, coupon, refund into the wallet, invite bonus, wheel spin) and each deposit channel (QR, with or
 * without a bonus, slip, True Wallet, manual notice) — with the catalogue's code and the time it lifts; the same
 * paths work again once it has ended. A withdrawal of the member's own money is never blocked.
 */
const clock = new FakeClock(new Date('2026-11-23T17:05:00Z')); // 00:05 on the 24th in Bangkok
let t: TestApp;
let ledger: LedgerService;
beforeAll(async () => {
  t = await createTestApp({ clock, env: { PROVIDERS: 'sandbox' } });
  ledger = new LedgerService(t.ctx.db);
  await t.ctx.settings.set('refundRates', { lossPercent: 10, minRefund: 1, successPercent: 200, failPercent: 10 });
  await t.ctx.settings.set('referralRates', { depositPercent: 10 });
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

const coolOff = async (p: Player) => {
  const res = await post(t, '/api/responsible-play/break', { kind: 'cooling_off', days: 1 }, { token: p.token });
  expect(res.status).toBe(200);
  return res.body.break as { until: string };
};
const coolingOff = (until: string) => ({
  message: 'COOLING_OFF',
  reason: 'UNTIL',
  // the time it lifts, Bangkok wall clock
  values: { until: new Date(new Date(until).getTime() + 7 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ') },
});

describe('a cooling-off at every path that puts money into play', () => {
  it('refuses every claim and every deposit channel with COOLING_OFF, lets a withdrawal through, and lifts after', async () => {
    const refunded = await join(t, uniqueIp());
    const inviter = await join(t, uniqueIp());
    const friend = await join(t, uniqueIp(), { inviteCode: `PR${inviter.id}` });
    const claimer = await join(t, uniqueIp());
    const coder = await join(t, uniqueIp());
    const depositor = await join(t, uniqueIp());
    const bonus = await addPromotion(t);
    const code = await addPromotion(t, { kind: 'code' });
    const atDeposit = await addPromotion(t, { percent: 10, minDeposit: 10_000n, maxAmount: 50_000n });

    // a refund waiting in the refund balance, an invite commission in the invite balance, money to withdraw
    await bet(t, refunded.id, new Date('2026-11-23T10:00:00Z'), 100_000n, 0n);
    await runRefundJob(t, '2026-11-24T00:05:00+07:00');
    expect((await get(t, '/api/refund/receive', { token: refunded.token })).status).toBe(200);
    expect(await ledger.balance(memberRefund(refunded.id), 'THB')).toBe(10_000n);
    await deposit(t, friend.id, 100_000n);
    expect(await ledger.balance(memberInvite(inviter.id), 'THB')).toBe(10_000n);
    await deposit(t, depositor.id, 50_000n);

    const members = [refunded, inviter, claimer, coder, depositor];
    const until = (await Promise.all(members.map(coolOff)))[0]!.until;
    const refused = coolingOff(until);
    const tokenOf = (p: Player) => ({ token: p.token });

    // every claim
    expect((await get(t, '/api/refund/addWallet', tokenOf(refunded))).body).toEqual(refused);
    expect((await get(t, '/api/invite/bonus', tokenOf(inviter))).body).toEqual(refused);
    expect((await get(t, `/api/bonus/activate/${bonus.code}`, tokenOf(claimer))).body).toEqual(refused);
    expect((await get(t, `/api/promotion/activate/${code.code}`, tokenOf(coder))).body).toEqual(refused);
    expect((await post(t, '/api/spinwheel/spin', undefined, tokenOf(claimer))).body).toEqual(refused);
    expect((await post(t, '/api/spinwheel/coupon/claim', { coupon: 'C1' }, tokenOf(claimer))).body).toEqual(refused);
    // every deposit channel, a QR carrying a bonus too
    const qr = (body: object) => post(t, '/api/qrcode/KBANK', body, tokenOf(depositor));
    expect((await qr({ amount: 500 })).body).toEqual(refused);
    expect((await qr({ amount: 500, bonusCode: atDeposit.code })).body).toEqual(refused);
    expect((await post(t, '/api/wallet/add', { amount: 500 }, tokenOf(depositor))).body).toEqual(refused);
    expect((await post(t, '/api/wallet/truelink', { link: 'x::0891234567' }, tokenOf(depositor))).body).toEqual(
      refused,
    );
    const { payload, headers } = multipart([
      { name: 'file', data: Buffer.from('not looked at'), filename: 'slip.png', type: 'image/png' },
    ]);
    const slip = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/slip',
      payload,
      headers: { ...headers, authorization: `Bearer ${depositor.token}` },
    });
    expect(slip.json()).toEqual(refused);
    // nothing moved in
    expect(await ledger.balance(memberWallet(refunded.id), 'THB')).toBe(0n);
    expect(await ledger.balance(memberRefund(refunded.id), 'THB')).toBe(10_000n);
    expect(await ledger.balance(memberWallet(inviter.id), 'THB')).toBe(0n);
    expect(await ledger.balance(memberInvite(inviter.id), 'THB')).toBe(10_000n);
    expect(await ledger.balance(memberWallet(claimer.id), 'THB')).toBe(0n);
    expect(await ledger.balance(memberWallet(coder.id), 'THB')).toBe(0n);

    // the member's own money still goes out
    expect((await post(t, '/api/wallet/withdraw', { amount: 200 }, tokenOf(depositor))).status).toBe(200);
    expect(await ledger.balance(memberWallet(depositor.id), 'THB')).toBe(30_000n);

    // a minute after the break ends, every path is open again
    clock.advance(new Date(until).getTime() - clock.now().getTime() + 60_000);
    for (const m of members) await relogin(t, m);
    expect((await get(t, '/api/refund/addWallet', tokenOf(refunded))).body).toEqual({ message: 'REFUND_SUCCESS' });
    expect(await ledger.balance(memberWallet(refunded.id), 'THB')).toBe(10_000n);
    expect((await get(t, '/api/invite/bonus', tokenOf(inviter))).body).toEqual({ message: 'INVITE_BONUS_SUCCESS' });
    expect(await ledger.balance(memberWallet(inviter.id), 'THB')).toBe(10_000n);
    expect((await get(t, `/api/bonus/activate/${bonus.code}`, tokenOf(claimer))).status).toBe(200);
    expect(await ledger.balance(memberWallet(claimer.id), 'THB')).toBe(10_000n);
    expect((await get(t, `/api/promotion/activate/${code.code}`, tokenOf(coder))).status).toBe(200);
    expect(await ledger.balance(memberWallet(coder.id), 'THB')).toBe(10_000n);
    expect((await qr({ amount: 500, bonusCode: atDeposit.code })).status).toBe(200);
    // the wheel, the coupon and the manual notice answer for themselves again (no coins, no such coupon, a bank
    // that is not a manual one), not with the break
    for (const res of [
      await post(t, '/api/spinwheel/spin', undefined, tokenOf(depositor)),
      await post(t, '/api/spinwheel/coupon/claim', { coupon: 'C1' }, tokenOf(depositor)),
      await post(t, '/api/wallet/add', { amount: 500 }, tokenOf(depositor)),
    ]) {
      expect(res.status).toBeLessThan(500);
      expect(['COOLING_OFF', 'SELF_EXCLUDED']).not.toContain(res.body.message);
    }
  });
});
