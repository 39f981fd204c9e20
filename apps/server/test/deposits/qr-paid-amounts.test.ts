import { providerKey, signHeaders } from '@wallet/contract/qr-wire';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COIN_UNIT, LedgerService, memberCoins } from '../../src/modules/ledger/ledger.api.ts';
import { deliverOutbox } from '../helpers/test-app.ts';
import { expectLedgerSound } from '../helpers/ledger.ts';
import { createDepositsHarness } from './deposits-harness.ts';

/**
 * docs/decisions/0025-slip-sender-and-provider-amounts.md: a provider-signed amount is still input. A paid amount of
 * 0 or above the API's maximum is refused (never a 500, nothing recorded); a paid amount other than the QR's waits
 * for an operator; a paid QR cannot be paid again in the sandbox, and money that still arrives for it follows
 * `lateQrPayment`; one deposit earns at most `wheelRates.maxCoinsPerDeposit` coins.
 */
let h: Awaited<ReturnType<typeof createDepositsHarness>>;
beforeAll(async () => {
  h = await createDepositsHarness();
});
beforeEach(async () => {
  await h.send('POST', '/sandbox/qr/_faults', { mode: 'none' });
  await h.t.ctx.settings.set('lateQrPayment', 'credit');
});
afterAll(async () => {
  await h.close();
});

async function openQr(token: string, amount: number) {
  const res = await h.send('POST', '/api/qrcode/KBANK', { amount }, token);
  expect(res.body.hasQrcode).toBe(true);
  return res.body as { qrcodeId: string; payload: string };
}

/** A webhook exactly as KBANK signs it, with the amount (minor units, as a string) we choose. */
async function signedWebhook(paymentId: string, providerTxnId: string, amount: string) {
  const body = JSON.stringify({
    event: 'payment.paid',
    paymentId,
    providerTxnId,
    amount,
    currency: 'THB',
    paidAt: h.t.clock.now().toISOString(),
  });
  const key = providerKey(h.t.ctx.config.secrets.provider, 'KBANK');
  const headers = signHeaders('KBANK', key, body, Math.floor(h.t.clock.now().getTime() / 1000));
  const res = await h.t.app.inject({
    method: 'POST',
    url: '/api/webhooks/qr/KBANK',
    headers: { 'content-type': 'application/json', ...headers },
    payload: body,
  });
  return { status: res.statusCode, body: res.json() as { status: string } };
}

const coins = (memberId: number) =>
  new LedgerService(h.t.ctx.db).balance(memberCoins(memberId), COIN_UNIT).then(Number);

describe('QR paid amounts', () => {
  it('a signed amount of 0 or above the API maximum is refused with 400, not 500, and credits nothing', async () => {
    const m = await h.member();
    const qr = await openQr(m.token, 100);
    for (const [txn, amount] of [
      ['ZERO1', '0'],
      ['ZERO2', '000'],
      ['HUGE1', '999999999999999'],
      ['HUGE2', '100000000000001'],
    ] as const) {
      const res = await signedWebhook(qr.qrcodeId, txn, amount);
      expect(res).toEqual({ status: 400, body: { status: 'AMOUNT_INVALID' } });
    }
    expect(await h.walletMinor(m.id)).toBe(0n);
    expect(await h.deposits(m.id)).toEqual([]);
    expect((await h.inbox(qr.qrcodeId)).map((r) => r.result)).toEqual(['refused', 'refused', 'refused', 'refused']);
    // the member's wallet and statement still answer
    expect((await h.send('GET', '/api/wallet', undefined, m.token)).status).toBe(200);
    expect((await h.send('POST', '/api/statement', { page: 1, limit: 10 }, m.token)).status).toBe(200);
    // the API's maximum itself is an amount (it differs from the QR's: held for an operator, not credited)
    expect((await signedWebhook(qr.qrcodeId, 'MAX1', '100000000000000')).status).toBe(200);
    expect(await h.walletMinor(m.id)).toBe(0n);
    expect((await h.deposits(m.id)).map((d) => d.status)).toEqual(['review']);
    await expectLedgerSound(h.t);
  });

  it('a paid amount other than the QR’s waits for an operator, whatever lateQrPayment says', async () => {
    const m = await h.member();
    const qr = await openQr(m.token, 100);
    const paid = await h.send('POST', '/sandbox/qr/pay', { payload: qr.payload, amount: '1000000' });
    expect(paid.body).toMatchObject({ status: 'SUCCESS', delivered: true });
    expect(await h.walletMinor(m.id)).toBe(0n);
    const [held] = await h.deposits(m.id);
    expect(held).toMatchObject({ status: 'review', amount: 1_000_000n });
    expect(held!.note).toContain('paid 10000.00, the QR asked 100.00');
    await expectLedgerSound(h.t);
  });

  it('a paid QR cannot be paid again; money that still arrives for it follows lateQrPayment', async () => {
    const m = await h.member();
    const qr = await openQr(m.token, 100);
    expect((await h.send('POST', '/sandbox/qr/pay', { payload: qr.payload })).body.delivered).toBe(true);
    expect(await h.walletMinor(m.id)).toBe(10_000n);
    // the payer's bank refuses a second payment of the same dynamic QR
    const again = await h.send('POST', '/sandbox/qr/pay', { payload: qr.payload });
    expect(again).toEqual({ status: 409, body: { status: 'FAILED', code: 'QR_ALREADY_PAID' } });
    expect(await h.walletMinor(m.id)).toBe(10_000n);
    // a second payment the provider reports anyway (another transaction id): held when the setting says review…
    await h.t.ctx.settings.set('lateQrPayment', 'review');
    expect((await signedWebhook(qr.qrcodeId, 'SECOND1', '10000')).status).toBe(200);
    expect(await h.walletMinor(m.id)).toBe(10_000n);
    const held = (await h.deposits(m.id)).find((d) => d.reference === 'KBANK.SECOND1');
    expect(held).toMatchObject({ status: 'review', note: 'paid again after the QR was paid' });
    // …credited when it says credit (money is never dropped)
    await h.t.ctx.settings.set('lateQrPayment', 'credit');
    expect((await signedWebhook(qr.qrcodeId, 'SECOND2', '10000')).status).toBe(200);
    expect(await h.walletMinor(m.id)).toBe(20_000n);
    expect((await h.send('GET', '/api/qrcode/KBANK', undefined, m.token)).body.hasQrcode).toBe(false);
    await expectLedgerSound(h.t);
  });

  it('one deposit earns at most maxCoinsPerDeposit coins', async () => {
    const m = await h.member();
    // above the default largest QR deposit (200,000 baht): this test is about the coins
    await h.t.ctx.settings.set('maxQrDeposit', 1_000_000);
    const qr = await openQr(m.token, 1_000_000);
    expect((await h.send('POST', '/sandbox/qr/pay', { payload: qr.payload })).body.delivered).toBe(true);
    expect(await h.walletMinor(m.id)).toBe(100_000_000n);
    await deliverOutbox(h.t);
    // 1,000,000 baht at 1 coin per 100 would be 10,000 coins: the default cap is 100
    expect(await coins(m.id)).toBe(100);
    await h.t.ctx.settings.set('wheelRates', { coinsPerHundred: 1, maxCoinsPerDeposit: 5 });
    const small = await openQr(m.token, 300);
    await h.send('POST', '/sandbox/qr/pay', { payload: small.payload });
    await deliverOutbox(h.t);
    expect(await coins(m.id)).toBe(103);
    await h.t.ctx.settings.set('wheelRates', { coinsPerHundred: 1, maxCoinsPerDeposit: 100 });
    await expectLedgerSound(h.t);
  });
});
