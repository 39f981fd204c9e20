import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LedgerService } from '../../src/modules/ledger/ledger.service.ts';
import { recordIncoming } from '../../src/modules/deposits/credit.ts';
import { createDepositsHarness } from '../deposits/deposits-harness.ts';

/**
 * docs/decisions/0039 on real PostgreSQL: racing deposits of one member never pass a deposit limit. The credit takes
 * the member's money lock before it sums the period's deposits, so 20 credits at once are decided one after the
 * other; the ones past the limit are held for finance (nothing lost). The harness's close checks the ledger.
 */
let h: Awaited<ReturnType<typeof createDepositsHarness>>;
beforeAll(async () => {
  h = await createDepositsHarness();
});
afterAll(async () => {
  await h.close();
});

it('20 credits of 100 at once against a daily limit of 1000: exactly 1000 credited, the rest held', async () => {
  const m = await h.member();
  expect(
    (await h.send('POST', '/api/responsible-play/limit', { kind: 'deposit_day', value: 1000 }, m.token)).status,
  ).toBe(200);
  const ledger = new LedgerService(h.t.ctx.db);
  const results = await Promise.all(
    Array.from({ length: 20 }, () =>
      ledger.transaction((tx) =>
        recordIncoming(ledger, tx, {
          memberId: m.id,
          channel: 'qr',
          reference: `RACE.${randomUUID()}`,
          sourceId: null,
          amount: 10_000n,
          currency: 'THB',
          status: 'credited',
          at: h.t.clock.now(),
        }),
      ),
    ),
  );
  expect(results.filter((r) => r.kind === 'credited')).toHaveLength(10);
  expect(results.filter((r) => r.kind === 'review')).toHaveLength(10);
  expect(await h.walletMinor(m.id)).toBe(100_000n);
  const rows = await h.deposits(m.id);
  expect(
    rows.filter((r) => r.status === 'review').every((r) => r.note === 'responsible play: DEPOSIT_LIMIT_REACHED'),
  ).toBe(true);
});

it('QRs of five providers paid at once (a second tab, split deposits) never pass the limit', async () => {
  const m = await h.member();
  const made = [];
  for (const provider of ['KBANK', 'WW', 'PAYTIMZ', 'PAYONEX', 'ZPAY'])
    made.push((await h.send('POST', `/api/qrcode/${provider}`, { amount: 300 }, m.token)).body);
  await h.send('POST', '/api/responsible-play/limit', { kind: 'deposit_day', value: 700 }, m.token);
  await Promise.all(made.map((q) => h.send('POST', '/sandbox/qr/pay', { payload: q.payload })));
  await expect.poll(async () => (await h.deposits(m.id)).length, { timeout: 20_000 }).toBe(5);
  const rows = await h.deposits(m.id);
  expect(rows.filter((r) => r.status === 'credited')).toHaveLength(2);
  expect(rows.filter((r) => r.status === 'review')).toHaveLength(3);
  expect(await h.walletMinor(m.id)).toBe(60_000n);
});
