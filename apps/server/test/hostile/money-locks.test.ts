import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promotionConditions } from '../../src/db/schema/promotions.ts';
import { house, LedgerService, memberWallet } from '../../src/modules/ledger/ledger.api.ts';
import { bankChangeOtp, get, put, renewToken, signUp, uniqueAccountNo } from '../account/account-helpers.ts';
import { addPromotion } from '../promotions/promo-fixture.ts';
import { createWithdrawalsHarness, type WithdrawalsHarness } from '../withdrawals/withdrawals-harness.ts';

/**
 * Hostile sequences against the member's money lock, the money-transaction policy and the payout cooling
 * (docs/decisions/0019): bursts of withdrawals around a bonus claim, one key sent many times, and every way of asking
 * for a payout during the cooling period. Each case ends with the ledger invariant; the concurrency proof on
 * PostgreSQL is test/withdrawals/money-lock.pg.test.ts.
 */
let h: WithdrawalsHarness;
let code: string;
beforeAll(async () => {
  h = await createWithdrawalsHarness();
  await h.t.ctx.settings.set('registerOTP', false);
  code = (await addPromotion(h.t, { kind: 'code', code: 'HOSTILE100', maxAmount: 10_000n })).code;
});
afterAll(async () => {
  expect(await h.invariants()).toEqual([]);
  await h.close();
});

const HOUR = 3600_000;
const tally = (counts: Record<string, number>, key: string) => (counts[key] = (counts[key] ?? 0) + 1);

describe('money locks under hostile sequences', () => {
  it('a bonus claim inside a burst of withdraw and withdrawAll: the bonus never leaves, nothing is half-written', async () => {
    const counts: Record<string, number> = {};
    for (let round = 0; round < 5; round++) {
      const m = await h.member(100n * 100n);
      const burst = [
        ...Array.from({ length: 5 }, () => h.call(m.token, 'POST', '/api/wallet/withdraw', { amount: 200 })),
        h.call(m.token, 'GET', `/api/promotion/activate/${code}`),
        ...Array.from({ length: 5 }, () => h.call(m.token, 'POST', '/api/wallet/withdrawAll', { amount: 200 })),
      ];
      const replies = await Promise.all(burst);
      for (const r of replies) {
        expect(r.status).toBeLessThan(500);
        tally(counts, `${r.status} ${String(r.body.message)}`);
      }
      const claim = replies[5]!;
      expect(claim.status).toBe(200);
      expect(replies.filter((r) => r !== claim && r.status === 200)).toEqual([]);
      expect(await h.withdrawalsOf(m.id)).toEqual([]);
      expect(await h.walletMinor(m.id)).toBe(200n * 100n);
      const conditions = await h.t.ctx.db
        .select()
        .from(promotionConditions)
        .where(eq(promotionConditions.memberId, m.id));
      expect(conditions.map((c) => c.status)).toEqual(['running']);
    }
    console.info('hostile: claim inside a withdrawal burst', counts);
    expect(await h.invariants()).toEqual([]);
  });

  it('one idempotency key sent 20 times at once, and again later: one withdrawal, one hold', async () => {
    const m = await h.member(1_000n * 100n);
    const counts: Record<string, number> = {};
    const send = () =>
      h.call(m.token, 'POST', '/api/wallet/withdraw', { amount: 300 }, { 'idempotency-key': 'hostile-same-key' });
    for (const r of await Promise.all(Array.from({ length: 20 }, send))) {
      expect(r.status).toBeLessThan(500);
      tally(counts, `${r.status} ${String(r.body.message)}`);
    }
    const later = await send();
    tally(counts, `later ${later.status} ${String(later.body.message)}`);
    expect(later).toEqual({ status: 200, body: { message: 'SUCCESS' } });
    expect(await h.withdrawalsOf(m.id)).toHaveLength(1);
    expect(await h.walletMinor(m.id)).toBe(700n * 100n);
    console.info('hostile: one key, 21 sends', counts);
    expect(await h.invariants()).toEqual([]);
  });

  it('every way of asking for a payout during the cooling period is refused, and a second change restarts it', async () => {
    const member = await signUp(h.t);
    const id = Number((await get(h.t, '/api/account/profile', { token: member.token })).body._id);
    await new LedgerService(h.t.ctx.db).post({
      kind: 'adjustment',
      currency: 'THB',
      memberId: id,
      idempotencyKey: `hostile-cooling:${id}`,
      postings: [
        { account: memberWallet(id), amount: 2_000n * 100n },
        { account: house('adjustment', id), amount: -2_000n * 100n },
      ],
    });
    const change = async (token: string) => {
      const bankAccountNo = uniqueAccountNo();
      const res = await put(
        h.t,
        '/api/account/profile',
        { bankAccountNo, ...(await bankChangeOtp(h.t, { token, username: member.username })) },
        { token },
      );
      expect(res.status).toBe(200);
      return bankAccountNo;
    };
    await change(member.token);
    const counts: Record<string, number> = {};
    const attempts = async (token: string) => {
      for (const autoApprove of [false, true]) {
        await h.t.ctx.settings.set('withdrawAutoApprove', { enabled: autoApprove, maxAmount: 50_000 });
        for (const path of ['/api/wallet/withdraw', '/api/wallet/withdrawAll']) {
          for (const amount of [100, 2_000, 50_000]) {
            for (const key of [undefined, `cooling-${path}-${amount}-${autoApprove}`]) {
              const r = await h.call(token, 'POST', path, { amount }, key ? { 'idempotency-key': key } : {});
              tally(counts, `${r.status} ${String(r.body.message)}`);
              // an amount above the balance or the bounds may be refused for that first; never accepted
              expect(r.status).toBeGreaterThanOrEqual(400);
              expect(r.status).toBeLessThan(500);
            }
          }
        }
      }
      await h.t.ctx.settings.set('withdrawAutoApprove', { enabled: false, maxAmount: 1_000 });
    };
    await attempts(member.token);
    expect(counts['403 PAYOUT_ACCOUNT_COOLING']).toBeGreaterThanOrEqual(16);

    // 23 hours on, a second change: the period now runs from it
    h.t.clock.advance(23 * HOUR);
    let token = await renewToken(h.t, member);
    const latest = await change(token);
    h.t.clock.advance(2 * HOUR);
    token = await renewToken(h.t, member);
    await attempts(token);
    expect(await h.withdrawalsOf(id)).toEqual([]);
    expect(h.store.list().filter((p) => p.toAccountNo === latest)).toEqual([]);
    expect(await h.walletMinor(id)).toBe(2_000n * 100n);

    h.t.clock.advance(22 * HOUR);
    token = await renewToken(h.t, member);
    const accepted = await h.call(token, 'POST', '/api/wallet/withdraw', { amount: 100 });
    tally(counts, `after ${accepted.status} ${String(accepted.body.message)}`);
    expect(accepted).toEqual({ status: 200, body: { message: 'SUCCESS' } });
    expect((await h.withdrawalsOf(id)).map((w) => w.bankAccountNo)).toEqual([latest]);
    console.info('hostile: payout requests during the cooling period', counts);
    expect(await h.invariants()).toEqual([]);
  });
});
