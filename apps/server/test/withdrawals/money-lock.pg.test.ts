import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promotionConditions } from '../../src/db/schema/promotions.ts';
import { house, LedgerService, memberInvite, memberRefund } from '../../src/modules/ledger/ledger.api.ts';
import { addPromotion } from '../promotions/promo-fixture.ts';
import { createWithdrawalsHarness, type WithdrawalsHarness } from './withdrawals-harness.ts';

/**
 * The member's money lock on PostgreSQL (docs/decisions/0019): a claim that credits a bonus and starts its condition
 * and a withdrawal request of the same member never interleave. A member holding 100 claims a 100 bonus code while
 * ten withdrawals of 200 arrive 3 ms apart: the claim goes through and no withdrawal takes the bonus out (each one
 * finds either 100, MONEY_NOT_ENOUGH, or the running condition, BONUS_REMAINING).
 */
let h: WithdrawalsHarness;
let code: string;
beforeAll(async () => {
  h = await createWithdrawalsHarness();
  code = (await addPromotion(h.t, { kind: 'code', code: 'RACE100', maxAmount: 10_000n })).code;
});
afterAll(async () => {
  expect(await h.invariants()).toEqual([]);
  await h.close();
});

const ROUNDS = 6;
/** `fn` started `ms` milliseconds from now: the requests' arrival order the tester used, not a wait for state. */
const startAfter = <T>(ms: number, fn: () => Promise<T>) =>
  new Promise<T>((resolve, reject) => setTimeout(() => fn().then(resolve, reject), ms));

/** 100 into the member's refund or invite balance (what `addWallet` / `receive` move to the wallet). */
async function creditSide(memberId: number, side: 'refund' | 'invite') {
  await new LedgerService(h.t.ctx.db).post({
    kind: side === 'refund' ? 'refund_receive' : 'invite_commission',
    currency: 'THB',
    memberId,
    idempotencyKey: `money-lock:${side}:${memberId}`,
    postings: [
      { account: side === 'refund' ? memberRefund(memberId) : memberInvite(memberId), amount: 10_000n },
      { account: house(side, memberId), amount: -10_000n },
    ],
  });
}

/** The claims that credit the wallet 100 and start a condition. */
const CLAIMS = {
  code: { url: () => `/api/promotion/activate/${code}`, setup: async (_id: number) => {} },
  refund: { url: () => '/api/refund/addWallet', setup: (id: number) => creditSide(id, 'refund') },
  invite: { url: () => '/api/invite/bonus', setup: (id: number) => creditSide(id, 'invite') },
};

async function raceClaimAgainst(
  path: '/api/wallet/withdraw' | '/api/wallet/withdrawAll',
  kind: keyof typeof CLAIMS = 'code',
) {
  const counts = { claims: 0, withdrawals: 0, refused: {} as Record<string, number> };
  for (let round = 0; round < ROUNDS; round++) {
    const m = await h.member(100n * 100n);
    await CLAIMS[kind].setup(m.id);
    const [claim, ...withdrawals] = await Promise.all([
      h.call(m.token, 'GET', CLAIMS[kind].url()),
      ...Array.from({ length: 10 }, (_, i) => startAfter(i * 3, () => h.call(m.token, 'POST', path, { amount: 200 }))),
    ]);
    expect(claim.status, JSON.stringify(claim.body)).toBe(200);
    counts.claims++;
    for (const w of withdrawals) {
      expect(w.status).not.toBe(200);
      expect(['MONEY_NOT_ENOUGH', 'BONUS_REMAINING']).toContain(w.body.message);
      counts.refused[w.body.message] = (counts.refused[w.body.message] ?? 0) + 1;
    }
    counts.withdrawals += withdrawals.filter((w) => w.status === 200).length;
    expect(await h.withdrawalsOf(m.id)).toEqual([]);
    expect(await h.walletMinor(m.id)).toBe(200n * 100n);
    const conditions = await h.t.ctx.db
      .select()
      .from(promotionConditions)
      .where(eq(promotionConditions.memberId, m.id));
    expect(conditions.map((c) => [c.status, c.bonus])).toEqual([['running', 10_000n]]);
  }
  console.info(`money lock: ${kind} claim vs ${path}`, counts);
  expect(await h.invariants()).toEqual([]);
}

describe('a claim raced against withdrawals (PostgreSQL)', () => {
  it('claim + ten withdraw of 200, 3 ms apart, member holds 100: no withdrawal takes the bonus', async () => {
    await raceClaimAgainst('/api/wallet/withdraw');
  });

  it('claim + ten withdrawAll of 200, 3 ms apart, member holds 100: no withdrawal takes the bonus', async () => {
    await raceClaimAgainst('/api/wallet/withdrawAll');
  });

  it('refund addWallet + ten withdraw of 200: the refund credit never leaves with a withdrawal', async () => {
    await raceClaimAgainst('/api/wallet/withdraw', 'refund');
  });

  it('invite receive + ten withdrawAll of 200: the invite credit never leaves with a withdrawal', async () => {
    await raceClaimAgainst('/api/wallet/withdrawAll', 'invite');
  });
});
