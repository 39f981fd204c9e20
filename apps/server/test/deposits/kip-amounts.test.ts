import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../src/db/schema/account.ts';
import { qrPayments } from '../../src/db/schema/deposits.ts';
import { house, memberWallet } from '../../src/modules/ledger/account-codes.ts';
import { LedgerService } from '../../src/modules/ledger/ledger.service.ts';
import { expectLedgerSound } from '../helpers/ledger.ts';
import { createWithdrawalsHarness, type WithdrawalsHarness } from '../withdrawals/withdrawals-harness.ts';
import { createDepositsHarness } from './deposits-harness.ts';

/** The amounts of a kip wallet are kip-sized and come from the settings (docs/money-rules.md, kipAmounts). */
describe('kip wallet amounts: deposits', () => {
  let h: Awaited<ReturnType<typeof createDepositsHarness>>;
  beforeAll(async () => {
    h = await createDepositsHarness({ VARIANT: 'la' });
  });
  afterAll(() => h.close());

  const kipMember = async () => {
    const m = await h.member();
    await h.t.ctx.db.update(members).set({ currency: 'LAK' }).where(eq(members.id, m.id));
    return m;
  };

  it('the deposit lookup gives each currency its minimum and quick amounts, from the settings', async () => {
    const lookup = (await h.send('GET', '/api/lookup/deposit')).body;
    expect(lookup.byCurrency.LAK).toEqual({
      minDeposit: 20_000,
      quickAmounts: [50_000, 100_000, 200_000, 500_000, 1_000_000],
      maxQrDeposit: 600_000_000,
    });
    expect(lookup.byCurrency.THB).toEqual({
      minDeposit: 1,
      quickAmounts: [10, 20, 50, 100, 300, 500, 1_000],
      maxQrDeposit: 200_000,
    });
    expect(lookup.minDeposit).toBe(1);
    const kip = await h.t.ctx.settings.get('kipAmounts');
    await h.t.ctx.settings.set('kipAmounts', { ...kip, minDeposit: 10_000, quickAmounts: [10_000, 20_000] });
    expect((await h.send('GET', '/api/lookup/deposit')).body.byCurrency.LAK).toEqual({
      minDeposit: 10_000,
      quickAmounts: [10_000, 20_000],
      maxQrDeposit: 600_000_000,
    });
    await h.t.ctx.settings.set('kipAmounts', kip);
    const withdraw = (await h.send('GET', '/api/lookup/withdraw')).body;
    expect(withdraw.byCurrency).toEqual({
      THB: { withdrawMin: 100, withdrawMax: 50_000 },
      LAK: { withdrawMin: 50_000, withdrawMax: 30_000_000 },
    });
  });

  it('a kip QR below the kip minimum is refused; a kip-sized one is a LAPNet QR in LAK', async () => {
    const m = await kipMember();
    expect((await h.send('POST', '/api/qrcode/KBANK', { amount: 100 }, m.token)).body).toEqual({
      message: 'TRANSFER_MINIMUM',
    });
    const qr = (await h.send('POST', '/api/qrcode/KBANK', { amount: 50_000 }, m.token)).body;
    expect(qr).toMatchObject({ hasQrcode: true, amount: 50_000 });
    // LAPNet: tag 38, currency 418, country LA (docs/payments.md §2)
    expect(qr.payload).toMatch(/38\d\d0016A005266284662577/);
    expect(qr.payload).toContain('5303418');
    await expectLedgerSound(h.t);
  });

  it('a QR above the largest QR deposit of its currency is refused (DEPOSIT_MAXIMUM) and creates nothing', async () => {
    const baht = await h.member();
    const refused = await h.send('POST', '/api/qrcode/KBANK', { amount: 200_000.01 }, baht.token);
    expect(refused.body).toEqual({ message: 'DEPOSIT_MAXIMUM' });
    expect(refused.status).toBe(422);
    expect((await h.send('POST', '/api/qrcode/KBANK', { amount: 999_999_999 }, baht.token)).body).toEqual({
      message: 'DEPOSIT_MAXIMUM',
    });
    expect(await h.t.ctx.db.select().from(qrPayments).where(eq(qrPayments.memberId, baht.id))).toHaveLength(0);
    expect((await h.send('POST', '/api/qrcode/KBANK', { amount: 200_000 }, baht.token)).body).toMatchObject({
      hasQrcode: true,
      amount: 200_000,
    });
    // a kip wallet's maximum is kip-sized, and an operator's change applies to the next QR
    const kipWallet = await kipMember();
    const kip = await h.t.ctx.settings.get('kipAmounts');
    await h.t.ctx.settings.set('kipAmounts', { ...kip, maxQrDeposit: 1_000_000 });
    expect((await h.send('POST', '/api/qrcode/KBANK', { amount: 1_000_001 }, kipWallet.token)).body).toEqual({
      message: 'DEPOSIT_MAXIMUM',
    });
    expect(await h.t.ctx.db.select().from(qrPayments).where(eq(qrPayments.memberId, kipWallet.id))).toHaveLength(0);
    await h.t.ctx.settings.set('kipAmounts', kip);
    await expectLedgerSound(h.t);
  });

  it('a baht wallet keeps the baht minimum of its channel', async () => {
    const m = await h.member();
    expect((await h.send('POST', '/api/qrcode/WW', { amount: 50 }, m.token)).body).toEqual({
      message: 'TRANSFER_MINIMUM',
    });
  });
});

describe('kip wallet amounts: withdrawals', () => {
  let w: WithdrawalsHarness;
  beforeAll(async () => {
    w = await createWithdrawalsHarness();
  });
  afterAll(() => w.close());

  const kipMember = async (kip: bigint) => {
    const m = await w.member();
    await w.t.ctx.db.update(members).set({ currency: 'LAK' }).where(eq(members.id, m.id));
    await new LedgerService(w.t.ctx.db).post({
      kind: 'adjustment',
      currency: 'LAK',
      memberId: m.id,
      idempotencyKey: `fund-kip:${m.id}`,
      postings: [
        { account: memberWallet(m.id), amount: kip * 100n },
        { account: house('adjustment', m.id), amount: -kip * 100n },
      ],
    });
    return m;
  };
  const withdraw = (token: string, amount: number) =>
    w.call(token, 'POST', '/api/wallet/withdraw', { amount }, { 'idempotency-key': crypto.randomUUID() });

  it('bounds a kip withdrawal by the kip limits, a baht one by the baht limits', async () => {
    const kip = await kipMember(10_000_000n);
    // 100 is a baht-sized amount: under the kip minimum of 50,000
    expect((await withdraw(kip.token, 100)).body.message).toBe('KEY_INVALID');
    const ok = await withdraw(kip.token, 60_000);
    expect(ok.status).toBe(200);
    const [row] = await w.withdrawalsOf(kip.id);
    expect(row).toMatchObject({ amount: 6_000_000n, currency: 'LAK' });
    // above the baht maximum of 50,000 for a baht wallet
    const baht = await w.member(10_000_000n);
    expect((await withdraw(baht.token, 60_000)).body.message).toBe('KEY_INVALID');
    expect(await w.invariants()).toEqual([]);
  });
});
