import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spinDraws } from '../../src/db/schema/spin-wheel.ts';
import { COIN_UNIT, LedgerService, memberCoins } from '../../src/modules/ledger/ledger.api.ts';
import { grantCoins } from '../../src/modules/spin-wheel/spin-wheel.api.ts';
import { expectLedgerSound } from '../helpers/ledger.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { createMember, walletBalance } from '../idempotency/wallet-test-module.ts';
import { createSpinApp, type DrawControl } from './spin-fixture.ts';

/** Races on PostgreSQL row locks through the real request path. */
let t: TestApp;
let control: DrawControl;
beforeAll(async () => {
  ({ t, control } = await createSpinApp());
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

const inject = (auth: Record<string, string>, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

describe('spin wheel under concurrency', () => {
  it('20 concurrent spins with 1 coin: exactly one result, coins 0', async () => {
    const m = await createMember(t);
    await grantCoins(new LedgerService(t.ctx.db), { memberId: m.id, coins: 1, key: `race:${m.id}` });
    control.code = 'CASH_10';
    const replies = await Promise.all(Array.from({ length: 20 }, () => inject(m.auth, 'POST', '/api/spinwheel/spin')));
    const ok = replies.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(replies.filter((r) => r.statusCode === 409).map((r) => r.json())).toEqual(
      Array.from({ length: 19 }, () => ({ message: 'NO_COIN' })),
    );
    expect(await t.ctx.db.select().from(spinDraws).where(eq(spinDraws.memberId, m.id))).toHaveLength(1);
    expect(Number(await new LedgerService(t.ctx.db).balance(memberCoins(m.id), COIN_UNIT))).toBe(0);
  });

  it('a coupon claimed 50 times concurrently credits once', async () => {
    const m = await createMember(t);
    await grantCoins(new LedgerService(t.ctx.db), { memberId: m.id, coins: 1, key: `claim-race:${m.id}` });
    control.code = 'CASH_100';
    expect((await inject(m.auth, 'POST', '/api/spinwheel/spin')).statusCode).toBe(200);
    const [coupon] = (await inject(m.auth, 'GET', '/api/spinwheel/coupon')).json() as Array<{ _id: string }>;
    const replies = await Promise.all(
      Array.from({ length: 50 }, () => inject(m.auth, 'POST', '/api/spinwheel/coupon/claim', { coupon: coupon?._id })),
    );
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(new Set(replies.filter((r) => r.statusCode !== 200).map((r) => r.body))).toEqual(
      new Set([JSON.stringify({ message: 'NO_CLAIMABLE_COUPON' })]),
    );
    expect(await walletBalance(t, m.id)).toBe(10_000n);
  });
});
