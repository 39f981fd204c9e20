import { CouponSchema, SpinOddsSchema, SpinResultSchema, SpinSetupSchema } from '@wallet/contract/spinwheel';
import { StatementListSchema } from '@wallet/contract/statement';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spinCoupons, spinDraws } from '../../src/db/schema/spin-wheel.ts';
import { COIN_UNIT, LedgerService, memberCoins } from '../../src/modules/ledger/ledger.api.ts';
import { grantCoins } from '../../src/modules/spin-wheel/spin-wheel.api.ts';
import { SpinService } from '../../src/modules/spin-wheel/spin.service.ts';
import { expectLedgerSound } from '../helpers/ledger.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { createMember, walletBalance } from '../idempotency/wallet-test-module.ts';
import { createSpinApp, creditDeposit, deliverOutbox, type DrawControl } from './spin-fixture.ts';

let t: TestApp;
let control: DrawControl;
type Member = Awaited<ReturnType<typeof createMember>>;

beforeAll(async () => {
  ({ t, control } = await createSpinApp());
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

const call = async (m: Member, method: 'GET' | 'POST', url: string, payload?: unknown, headers = {}) => {
  const res = await t.app.inject({ method, url, headers: { ...m.auth, ...headers }, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
};
const coins = (m: Member) => new LedgerService(t.ctx.db).balance(memberCoins(m.id), COIN_UNIT).then(Number);
const give = (m: Member, n: number) =>
  grantCoins(new LedgerService(t.ctx.db), { memberId: m.id, coins: n, key: `test:${m.id}:${Math.random()}` });
const spin = (m: Member, headers = {}) => call(m, 'POST', '/api/spinwheel/spin', undefined, headers);
const couponsOf = async (m: Member) =>
  z.array(CouponSchema).parse((await t.app.inject({ url: '/api/spinwheel/coupon', headers: m.auth })).json());

describe('coins', () => {
  it('a credited deposit earns coins at the setting rate, once per deposit, shown in setup and the wallet', async () => {
    const m = await createMember(t);
    await creditDeposit(t, m.id, 'dep-1', 35_000n); // 350 baht → 3 coins at 1 per 100
    expect(await coins(m)).toBe(3);
    // a redelivery of the same deposit (new outbox row, same depositId) earns nothing more
    await creditDeposit(t, m.id, 'dep-1', 35_000n);
    expect(await coins(m)).toBe(3);
    await t.ctx.settings.set('wheelRates', { coinsPerHundred: 2 });
    await creditDeposit(t, m.id, 'dep-2', 10_000n);
    await t.ctx.settings.set('wheelRates', { coinsPerHundred: 1 });
    await creditDeposit(t, m.id, 'dep-3', 9_999n); // under 100 baht: no coin
    await deliverOutbox(t);
    expect(await coins(m)).toBe(5);
    const setup = SpinSetupSchema.parse((await call(m, 'GET', '/api/spinwheel/setup')).body);
    expect(setup.userCoin).toBe(5);
    expect(setup.activeSpinwheel?.slices).toHaveLength(8);
    // the prize sheet words a cash coupon, a bonus coupon and a "try again" each its own way
    const kinds = new Map(setup.activeSpinwheel?.slices.map((s) => [s.code, s.prizeKind]));
    expect([kinds.get('CASH_10'), kinds.get('BONUS_50'), kinds.get('AGAIN_1')]).toEqual(['credit', 'bonus', 'none']);
    const wallet = await call(m, 'GET', '/api/wallet');
    expect((wallet.body.profile as { coin: number }).coin).toBe(5);
  });
});

describe('POST /api/spinwheel/spin', () => {
  it('spends one coin, lands on the drawn slice, stores the draw and makes a coupon for a prize', async () => {
    const m = await createMember(t);
    await give(m, 2);
    control.code = 'CASH_10';
    const res = await spin(m, { 'accept-language': 'en' });
    expect(res.status).toBe(200);
    expect(SpinResultSchema.parse(res.body)).toEqual({
      success: true,
      result: { code: 'CASH_10', label: '10 THB', remainingCoin: 1 },
      error: null,
    });
    expect(await coins(m)).toBe(1);
    expect(await t.ctx.db.select().from(spinDraws).where(eq(spinDraws.memberId, m.id))).toHaveLength(1);
    const list = await couponsOf(m);
    expect(list).toHaveLength(1);
    expect(list[0]?.amount).toBe(10);
  });

  it('a "try again" spends the coin and makes no coupon', async () => {
    const m = await createMember(t);
    await give(m, 1);
    control.code = 'AGAIN_1';
    const res = await spin(m, { 'accept-language': 'th' });
    expect(SpinResultSchema.parse(res.body).result).toEqual({ code: 'AGAIN_1', label: 'ลองใหม่', remainingCoin: 0 });
    expect(await couponsOf(m)).toEqual([]);
  });

  it('a retry with the same Idempotency-Key answers the same slice and spends nothing more', async () => {
    const m = await createMember(t);
    await give(m, 3);
    control.code = 'CASH_20';
    const first = await spin(m, { 'idempotency-key': 'spin-retry-1' });
    control.code = 'CASH_500';
    const again = await spin(m, { 'idempotency-key': 'spin-retry-1' });
    expect(again.body).toEqual(first.body);
    expect(await coins(m)).toBe(2);
    expect(await couponsOf(m)).toHaveLength(1);
  });

  it('the stored draw answers a repeat of the key by itself (an HTTP claim released after an ambiguous commit)', async () => {
    const m = await createMember(t);
    await give(m, 2);
    const member = { id: m.id, username: '', name: '', currency: 'THB', sessionId: '' };
    const deps = { db: t.ctx.db, ledger: new LedgerService(t.ctx.db), clock: t.clock };
    const first = await new SpinService({ ...deps, random: () => 0 }).spin(member, 'ambiguous-1', 'en');
    const again = await new SpinService({ ...deps, random: (max) => max - 1 }).spin(member, 'ambiguous-1', 'en');
    expect(first.result?.code).toBe('CASH_10');
    expect(again).toEqual(first);
    expect(await coins(m)).toBe(1);
  });

  it('with no coins: NO_COIN, nothing stored', async () => {
    const m = await createMember(t);
    const res = await spin(m);
    expect(res).toEqual({ status: 409, body: { message: 'NO_COIN' } });
    expect(await t.ctx.db.select().from(spinDraws).where(eq(spinDraws.memberId, m.id))).toEqual([]);
    expect(await coins(m)).toBe(0);
  });

  it('publishes the odds of the active wheel (they sum to 100 %)', async () => {
    const m = await createMember(t);
    const odds = SpinOddsSchema.parse((await call(m, 'GET', '/api/spinwheel/odds')).body);
    expect(odds.slices.map((s) => s.code)).toContain('CASH_500');
    expect(odds.slices.find((s) => s.code === 'CASH_10')?.percent).toBe(30);
    expect(odds.slices.reduce((sum, s) => sum + s.percent, 0)).toBeCloseTo(100, 1);
    expect((await call(m, 'GET', '/api/spinwheel/active')).body).toEqual({ active: true });
  });
});

describe('coupons', () => {
  const winCoupon = async (m: Member, code: string) => {
    await give(m, 1);
    control.code = code;
    await spin(m);
    const [coupon] = await couponsOf(m);
    if (!coupon) throw new Error('no coupon');
    return coupon;
  };
  const claim = (m: Member, coupon: string) => call(m, 'POST', '/api/spinwheel/coupon/claim', { coupon });

  it('a claim credits the wallet from house:spin once, with a luckydraw statement row', async () => {
    const m = await createMember(t);
    const coupon = await winCoupon(m, 'CASH_50');
    expect(await claim(m, coupon._id)).toEqual({ status: 200, body: { message: 'SUCCESS' } });
    expect(await walletBalance(t, m.id)).toBe(5_000n);
    expect(await claim(m, coupon._id)).toEqual({ status: 404, body: { message: 'NO_CLAIMABLE_COUPON' } });
    expect(await walletBalance(t, m.id)).toBe(5_000n);
    expect(await couponsOf(m)).toEqual([]);
    // claimed in Thai (no Accept-Language), the row reads in each reader's language
    const readIn = async (lang: string) =>
      StatementListSchema.parse(
        (await call(m, 'POST', '/api/statement', { page: 1, limit: 10 }, { 'accept-language': lang })).body,
      ).statements;
    for (const [lang, description] of [
      ['en', '50 THB'],
      ['lo', '50 ບາດ'],
      ['th', '50 บาท'],
    ] as const) {
      expect(await readIn(lang)).toEqual([
        expect.objectContaining({ statementType: 'bonus', from: 'LUCKYDRAW', amount: 50, luckydraw: { description } }),
      ]);
    }
  });

  it("another member's coupon or an unknown id: NO_CLAIMABLE_COUPON, nothing credited", async () => {
    const owner = await createMember(t);
    const thief = await createMember(t);
    const coupon = await winCoupon(owner, 'CASH_10');
    expect((await claim(thief, coupon._id)).body).toEqual({ message: 'NO_CLAIMABLE_COUPON' });
    expect((await claim(thief, 'not-a-coupon')).body).toEqual({ message: 'NO_CLAIMABLE_COUPON' });
    expect(await walletBalance(t, thief.id)).toBe(0n);
  });

  it('an expired coupon: COUPON_EXPIRED; the expiry job then ends it', async () => {
    const m = await createMember(t);
    const coupon = await winCoupon(m, 'CASH_10');
    // 72 hours on (a session would not live that long: the coupon's expiry is moved instead)
    const past = new Date(t.clock.now().getTime() - 1000);
    await t.ctx.db.update(spinCoupons).set({ expiresAt: past }).where(eq(spinCoupons.id, coupon._id));
    expect(await claim(m, coupon._id)).toEqual({ status: 409, body: { message: 'COUPON_EXPIRED' } });
    expect(await couponsOf(m)).toEqual([]);
    const job = t.modules.flatMap((mod) => mod.jobs ?? []).find((j) => j.name === 'spin-coupon-expiry');
    expect(await job?.handler({ data: undefined as never, attempt: 1, slot: null, runId: 0 })).toMatchObject({
      expired: expect.any(Number),
    });
    const [row] = await t.ctx.db.select().from(spinCoupons).where(eq(spinCoupons.id, coupon._id));
    expect(row?.status).toBe('expired');
    expect((await claim(m, coupon._id)).body).toEqual({ message: 'COUPON_EXPIRED' });
    expect(await walletBalance(t, m.id)).toBe(0n);
  });

  it('a bonus coupon credits and starts its turnover condition; a second claim waits for it (BONUS_REMAINING)', async () => {
    const m = await createMember(t);
    const coupon = await winCoupon(m, 'BONUS_50');
    await winCoupon(m, 'CASH_10');
    const other = (await couponsOf(m)).find((c) => c._id !== coupon._id);
    if (!other) throw new Error('no second coupon');
    expect((await claim(m, coupon._id)).body).toEqual({ message: 'SUCCESS' });
    expect(await walletBalance(t, m.id)).toBe(5_000n);
    expect((await call(m, 'GET', '/api/bonus/check/active')).body).toEqual({ status: true, type: 'spin' });
    expect((await claim(m, other._id)).body).toEqual({ message: 'BONUS_REMAINING' });
    expect(await couponsOf(m)).toHaveLength(1);
  });
});
