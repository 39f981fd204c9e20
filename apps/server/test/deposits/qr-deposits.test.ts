import { QR_PROVIDERS } from '@wallet/contract/limits';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectLedgerSound } from '../helpers/ledger.ts';
import { createDepositsHarness } from './deposits-harness.ts';

let h: Awaited<ReturnType<typeof createDepositsHarness>>;
beforeAll(async () => {
  h = await createDepositsHarness();
});
beforeEach(async () => {
  await h.send('POST', '/sandbox/qr/_faults', { mode: 'none' });
});
afterAll(async () => {
  await h.close();
});

async function openQr(token: string, provider: string, amount: number) {
  const res = await h.send('POST', `/api/qrcode/${provider}`, { amount }, token);
  expect(res.status).toBe(200);
  expect(res.body.hasQrcode).toBe(true);
  return res.body as { qrcodeId: string; payload: string; qrcode: string; expireIn: string; amount: number };
}

describe('QR deposits through the sandbox providers', () => {
  it.each(QR_PROVIDERS)('%s: create, pay in the sandbox, credited once by the signed webhook', async (provider) => {
    const m = await h.member();
    const qr = await openQr(m.token, provider, 150);
    expect(qr.qrcode).toMatch(/^<svg/);
    expect(qr.payload).toMatch(/^000201010212/);
    expect(qr.amount).toBe(150);
    expect((await h.send('GET', `/api/qrcode/${provider}`, undefined, m.token)).body.qrcodeId).toBe(qr.qrcodeId);

    const paid = await h.send('POST', '/sandbox/qr/pay', { payload: qr.payload });
    expect(paid.body).toMatchObject({ status: 'SUCCESS', provider, delivered: true });
    expect(await h.walletMinor(m.id)).toBe(15_000n);
    // the paid QR is gone from the player's view
    expect((await h.send('GET', `/api/qrcode/${provider}`, undefined, m.token)).body.hasQrcode).toBe(false);
    await expectLedgerSound(h.t);
  });

  it('the same webhook 5×, out of order and after expiry credits once', async () => {
    const m = await h.member();
    const first = await openQr(m.token, 'KBANK', 100);
    const paid = await h.send('POST', '/sandbox/qr/pay', { payload: first.payload });
    // a second QR paid, then the first one's webhook again, five times, after both expired
    await h.send('DELETE', `/api/qrcode/${first.qrcodeId}`, undefined, m.token);
    const second = await openQr(m.token, 'KBANK', 20);
    await h.send('POST', '/sandbox/qr/pay', { payload: second.payload });
    h.t.clock.advance(60_000);
    for (let i = 0; i < 5; i += 1) {
      const again = await h.send('POST', '/sandbox/qr/_redeliver', { providerTxnId: paid.body.providerTxnId });
      expect(again.body.webhookStatus).toBe(200);
    }
    expect(await h.walletMinor(m.id)).toBe(12_000n);
    const rows = await h.deposits(m.id);
    expect(rows).toHaveLength(2);
    expect((await h.inbox(first.qrcodeId)).map((r) => r.result)).toEqual([
      'credited',
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
    ]);
    await expectLedgerSound(h.t);
  });

  it('a webhook with a bad signature is refused with 401 and credits nothing', async () => {
    const m = await h.member();
    const qr = await openQr(m.token, 'WW', 100);
    const body = JSON.stringify({
      event: 'payment.paid',
      paymentId: qr.qrcodeId,
      providerTxnId: 'FORGED1',
      amount: '1000000',
      paidAt: new Date().toISOString(),
    });
    const ts = String(Math.floor(h.t.clock.now().getTime() / 1000));
    for (const headers of [
      {},
      { 'x-ww-ts': ts, 'x-ww-sign': 'A'.repeat(32) },
      { 'x-kbank-timestamp': ts, 'x-kbank-signature': '0'.repeat(64) },
    ]) {
      const res = await h.t.app.inject({
        method: 'POST',
        url: '/api/webhooks/qr/WW',
        headers: { 'content-type': 'application/json', ...headers },
        payload: body,
      });
      expect(res.statusCode).toBe(401);
    }
    // hostile shapes: unknown provider, oversized and non-JSON bodies, never a 500
    const odd = [
      { url: '/api/webhooks/qr/NOPE', payload: body, status: 404 },
      { url: '/api/webhooks/qr/WW', payload: 'x'.repeat(20_000), status: 413 },
      { url: '/api/webhooks/qr/WW', payload: '\u0000not json', status: 401 },
    ];
    for (const c of odd) {
      const res = await h.t.app.inject({
        method: 'POST',
        url: c.url,
        headers: { 'content-type': 'application/json' },
        payload: c.payload,
      });
      expect(res.statusCode).toBe(c.status);
    }
    expect(await h.walletMinor(m.id)).toBe(0n);
    expect(await h.inbox(qr.qrcodeId)).toEqual([]);
    await expectLedgerSound(h.t);
  });

  it('a lost webhook is found by the status-inquiry job; money for a cancelled QR is not dropped', async () => {
    const m = await h.member();
    await h.send('POST', '/sandbox/qr/_faults', { mode: 'drop-webhook', times: 1 });
    const qr = await openQr(m.token, 'ZPAY', 50);
    expect((await h.send('POST', '/sandbox/qr/pay', { payload: qr.payload })).body.delivered).toBe(false);
    expect(await h.walletMinor(m.id)).toBe(0n);
    h.t.clock.advance(25_000);
    await h.inquire();
    expect(await h.walletMinor(m.id)).toBe(5_000n);

    // paid at the bank after the member cancelled: the webhook still credits it
    const late = await openQr(m.token, 'ZPAY', 10);
    expect((await h.send('DELETE', `/api/qrcode/${late.qrcodeId}`, undefined, m.token)).body.message).toBe('SUCCESS');
    expect((await h.qr(late.qrcodeId))[0]?.status).toBe('cancelled');
    const payLate = await h.send('POST', '/sandbox/qr/pay', { payload: late.payload });
    expect(payLate.body.delivered).toBe(true);
    expect(await h.walletMinor(m.id)).toBe(6_000n);
    await h.inquire();
    expect(await h.walletMinor(m.id)).toBe(6_000n);
    await expectLedgerSound(h.t);
  });

  it('refuses bad input: unknown provider, below the minimum, another member’s QR', async () => {
    const m = await h.member();
    const other = await h.member();
    expect((await h.send('POST', '/api/qrcode/NOPE', { amount: 100 }, m.token)).status).toBe(404);
    expect((await h.send('POST', '/api/qrcode/WW', { amount: 99 }, m.token)).body.message).toBe('TRANSFER_MINIMUM');
    expect((await h.send('POST', '/api/qrcode/KBANK', { amount: 0.5 }, m.token)).body.message).toBe('TRANSFER_MINIMUM');
    const qr = await openQr(m.token, 'PAYONEX', 100);
    expect((await h.send('DELETE', `/api/qrcode/${qr.qrcodeId}`, undefined, other.token)).status).toBe(404);
    // a payload with a broken CRC (its last hex digit changed: never the same digit, or it would be the real one)
    const tampered = qr.payload.slice(0, -1) + (qr.payload.endsWith('0') ? '1' : '0');
    expect((await h.send('POST', '/sandbox/qr/pay', { payload: tampered })).status).toBe(404);
    await expectLedgerSound(h.t);
  });
});
