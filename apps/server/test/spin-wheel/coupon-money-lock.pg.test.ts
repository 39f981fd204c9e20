import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promotionConditions } from '../../src/db/schema/promotions.ts';
import { withdrawals } from '../../src/db/schema/withdrawals.ts';
import { house, LedgerService, memberWallet } from '../../src/modules/ledger/ledger.api.ts';
import { grantCoins } from '../../src/modules/spin-wheel/spin-wheel.api.ts';
import { expectLedgerSound } from '../helpers/ledger.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { createMember, walletBalance } from '../idempotency/wallet-test-module.ts';
import { createSpinApp, type DrawControl } from './spin-fixture.ts';

/**
 * A spin-wheel bonus coupon's claim takes the member's money lock (docs/decisions/0019): raced against withdrawals
 * on PostgreSQL, the 50 it credits (with its turnover condition) never leaves with one of them.
 */
let t: TestApp;
let control: DrawControl;
beforeAll(async () => {
  ({ t, control } = await createSpinApp());
  await t.ctx.settings.set('withdrawLimits', {
    withdrawMin: 100,
    withdrawMax: 50_000,
    perDayCount: 1_000,
    perDayAmount: 10_000_000,
  });
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

const inject = (auth: Record<string, string>, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
const startAfter = <T>(ms: number, fn: () => Promise<T>) =>
  new Promise<T>((resolve, reject) => setTimeout(() => fn().then(resolve, reject), ms));

describe('a bonus coupon claim raced against withdrawals (PostgreSQL)', () => {
  it('claim BONUS_50 + ten withdraw of 150, 3 ms apart, member holds 100: no withdrawal takes the coupon', async () => {
    const ledger = new LedgerService(t.ctx.db);
    const refused: Record<string, number> = {};
    for (let round = 0; round < 5; round++) {
      const m = await createMember(t);
      await ledger.post({
        kind: 'adjustment',
        currency: 'THB',
        memberId: m.id,
        idempotencyKey: `coupon-lock-fund:${m.id}`,
        postings: [
          { account: memberWallet(m.id), amount: 10_000n },
          { account: house('adjustment', m.id), amount: -10_000n },
        ],
      });
      await grantCoins(ledger, { memberId: m.id, coins: 1, key: `coupon-lock:${m.id}` });
      control.code = 'BONUS_50';
      expect((await inject(m.auth, 'POST', '/api/spinwheel/spin')).statusCode).toBe(200);
      const [coupon] = (await inject(m.auth, 'GET', '/api/spinwheel/coupon')).json() as Array<{ _id: string }>;
      const [claim, ...tries] = await Promise.all([
        inject(m.auth, 'POST', '/api/spinwheel/coupon/claim', { coupon: coupon?._id }),
        ...Array.from({ length: 10 }, (_, i) =>
          startAfter(i * 3, () => inject(m.auth, 'POST', '/api/wallet/withdraw', { amount: 150 })),
        ),
      ]);
      expect(claim.statusCode, claim.body).toBe(200);
      for (const w of tries) {
        const { message } = w.json() as { message: string };
        expect(['MONEY_NOT_ENOUGH', 'BONUS_REMAINING']).toContain(message);
        refused[message] = (refused[message] ?? 0) + 1;
      }
      expect(await t.ctx.db.select().from(withdrawals).where(eq(withdrawals.memberId, m.id))).toEqual([]);
      expect(await walletBalance(t, m.id)).toBe(15_000n);
      const conditions = await t.ctx.db
        .select()
        .from(promotionConditions)
        .where(eq(promotionConditions.memberId, m.id));
      expect(conditions.map((c) => c.status)).toEqual(['running']);
    }
    console.info('money lock: coupon claim vs withdraw', refused);
    await expectLedgerSound(t);
  });
});
