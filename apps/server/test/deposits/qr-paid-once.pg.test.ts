import { providerKey, signHeaders } from '@wallet/contract/qr-wire';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectLedgerSound } from '../helpers/ledger.ts';
import { createDepositsHarness } from './deposits-harness.ts';

/**
 * docs/decisions/0025-slip-sender-and-provider-amounts.md on real PostgreSQL: a dynamic QR is paid once. Ten
 * different payments of one QR reported at the same moment (ten provider transaction ids) credit one; the others
 * are late money and, with `lateQrPayment: review`, wait for an operator.
 */
let h: Awaited<ReturnType<typeof createDepositsHarness>>;
beforeAll(async () => {
  h = await createDepositsHarness();
});
afterAll(async () => {
  await h.close();
});

it('ten payments of one QR at once: one credited, nine held', async () => {
  await h.t.ctx.settings.set('lateQrPayment', 'review');
  const m = await h.member();
  const qr = (await h.send('POST', '/api/qrcode/KBANK', { amount: 300 }, m.token)).body as { qrcodeId: string };
  const key = providerKey(h.t.ctx.config.secrets.provider, 'KBANK');
  const deliver = (i: number) => {
    const body = JSON.stringify({
      event: 'payment.paid',
      paymentId: qr.qrcodeId,
      providerTxnId: `KBANK-RACE${i}`,
      amount: '30000',
      paidAt: h.t.clock.now().toISOString(),
    });
    return h.t.app.inject({
      method: 'POST',
      url: '/api/webhooks/qr/KBANK',
      headers: {
        'content-type': 'application/json',
        ...signHeaders('KBANK', key, body, Math.floor(h.t.clock.now().getTime() / 1000)),
      },
      payload: body,
    });
  };
  const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => deliver(i)));
  expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
  expect(await h.walletMinor(m.id)).toBe(30_000n);
  const statuses = (await h.deposits(m.id)).map((d) => d.status).sort();
  expect(statuses).toEqual(['credited', ...Array(9).fill('review')]);
  await expectLedgerSound(h.t);
});
