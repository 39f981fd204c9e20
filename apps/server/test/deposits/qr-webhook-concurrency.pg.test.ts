import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDepositsHarness } from './deposits-harness.ts';

/** docs/design.md §9.5 on real PostgreSQL: one payment's webhook delivered 20× at once credits exactly once. */
let h: Awaited<ReturnType<typeof createDepositsHarness>>;
beforeAll(async () => {
  h = await createDepositsHarness();
});
afterAll(async () => {
  await h.close();
});

it('the same signed webhook delivered 20× concurrently credits once', async () => {
  const m = await h.member();
  await h.send('POST', '/sandbox/qr/_faults', { mode: 'drop-webhook', times: 1 });
  const qr = (await h.send('POST', '/api/qrcode/PAYTIMZ', { amount: 500 }, m.token)).body;
  const paid = await h.send('POST', '/sandbox/qr/pay', { payload: qr.payload });
  expect(paid.body.delivered).toBe(false);

  const answers = await Promise.all(
    Array.from({ length: 20 }, () =>
      h.send('POST', '/sandbox/qr/_redeliver', { providerTxnId: paid.body.providerTxnId }),
    ),
  );
  expect(answers.map((a) => a.body.webhookStatus)).toEqual(Array(20).fill(200));
  expect(await h.walletMinor(m.id)).toBe(50_000n);
  expect(await h.deposits(m.id)).toHaveLength(1);
  const results = (await h.inbox(qr.qrcodeId)).map((r) => r.result);
  expect(results.filter((r) => r === 'credited')).toHaveLength(1);
  expect(results.filter((r) => r === 'duplicate')).toHaveLength(19);
});
