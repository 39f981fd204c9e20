import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { house, LedgerService, memberWallet } from '../../src/modules/ledger/ledger.api.ts';
import { bankChangeOtp, get, put, renewToken, signUp, uniqueAccountNo } from '../account/account-helpers.ts';
import { createWithdrawalsHarness, type WithdrawalsHarness } from './withdrawals-harness.ts';

/**
 * The payout-account cooling period end to end (docs/decisions/0017, 0019): after the bank account changes with an
 * OTP, every withdrawal request — withdraw, withdrawAll, auto-approved or not — is refused with
 * PAYOUT_ACCOUNT_COOLING and moves nothing, until the clock passes the period.
 */
let h: WithdrawalsHarness;
beforeAll(async () => {
  h = await createWithdrawalsHarness();
  await h.t.ctx.settings.set('registerOTP', false);
});
afterAll(async () => {
  expect(await h.invariants()).toEqual([]);
  await h.close();
});

const HOUR = 3600_000;

/** A registered member holding `baht`, whose payout account was just changed with the OTP step-up. */
async function memberAfterBankChange(baht: number) {
  const member = await signUp(h.t);
  const id = Number((await get(h.t, '/api/account/profile', { token: member.token })).body._id);
  await new LedgerService(h.t.ctx.db).post({
    kind: 'adjustment',
    currency: 'THB',
    memberId: id,
    idempotencyKey: `cooling-fund:${id}`,
    postings: [
      { account: memberWallet(id), amount: BigInt(baht) * 100n },
      { account: house('adjustment', id), amount: -BigInt(baht) * 100n },
    ],
  });
  const bankAccountNo = uniqueAccountNo();
  const changed = await put(
    h.t,
    '/api/account/profile',
    { bankAccountNo, ...(await bankChangeOtp(h.t, member)) },
    { token: member.token },
  );
  expect(changed).toMatchObject({ status: 200, body: { bankAccountNo } });
  expect(changed.body.payoutCoolingUntil).not.toBeNull();
  // the tester's 1.5 seconds
  h.t.clock.advance(1_500);
  return { ...member, id, bankAccountNo };
}

describe('withdrawals during the payout-account cooling period', () => {
  it('refuses withdraw and withdrawAll with PAYOUT_ACCOUNT_COOLING, then accepts them once the period is over', async () => {
    const m = await memberAfterBankChange(1_000);
    for (const path of ['/api/wallet/withdraw', '/api/wallet/withdrawAll']) {
      expect(await h.call(m.token, 'POST', path, { amount: 100 })).toEqual({
        status: 403,
        body: { message: 'PAYOUT_ACCOUNT_COOLING' },
      });
    }
    expect(await h.withdrawalsOf(m.id)).toEqual([]);
    expect(await h.walletMinor(m.id)).toBe(100_000n);

    h.t.clock.advance(24 * HOUR - 1_500 - 1_000);
    let token = await renewToken(h.t, m);
    expect((await h.call(token, 'POST', '/api/wallet/withdraw', { amount: 100 })).body.message).toBe(
      'PAYOUT_ACCOUNT_COOLING',
    );
    h.t.clock.advance(1_000);
    token = await renewToken(h.t, m);
    expect(await h.call(token, 'POST', '/api/wallet/withdraw', { amount: 100 })).toEqual({
      status: 200,
      body: { message: 'SUCCESS' },
    });
    expect(await h.call(token, 'POST', '/api/wallet/withdrawAll', { amount: 200 })).toEqual({
      status: 200,
      body: { message: 'SUCCESS' },
    });
    const rows = await h.withdrawalsOf(m.id);
    expect(rows.map((r) => [r.amount, r.bankAccountNo, r.status]).sort()).toEqual([
      [10_000n, m.bankAccountNo, 'pending_review'],
      [20_000n, m.bankAccountNo, 'pending_review'],
    ]);
    expect(await h.walletMinor(m.id)).toBe(70_000n);
    expect(await h.invariants()).toEqual([]);
  });

  it('refuses an auto-approved withdrawal too: no payout reaches the bank until the period is over', async () => {
    await h.t.ctx.settings.set('withdrawAutoApprove', { enabled: true, maxAmount: 5_000 });
    try {
      const m = await memberAfterBankChange(500);
      expect(await h.call(m.token, 'POST', '/api/wallet/withdraw', { amount: 100 })).toEqual({
        status: 403,
        body: { message: 'PAYOUT_ACCOUNT_COOLING' },
      });
      expect(h.store.list().filter((p) => p.toAccountNo === m.bankAccountNo)).toEqual([]);
      expect(await h.walletMinor(m.id)).toBe(50_000n);

      h.t.clock.advance(24 * HOUR);
      const token = await renewToken(h.t, m);
      expect((await h.call(token, 'POST', '/api/wallet/withdraw', { amount: 100 })).status).toBe(200);
      const [paid] = await h.withdrawalsOf(m.id);
      expect(paid).toMatchObject({ status: 'paid', autoApproved: true, bankAccountNo: m.bankAccountNo });
      expect(h.store.list().filter((p) => p.toAccountNo === m.bankAccountNo)).toHaveLength(1);
      expect(await h.walletMinor(m.id)).toBe(40_000n);
    } finally {
      await h.t.ctx.settings.set('withdrawAutoApprove', { enabled: false, maxAmount: 1_000 });
    }
    expect(await h.invariants()).toEqual([]);
  });
});
