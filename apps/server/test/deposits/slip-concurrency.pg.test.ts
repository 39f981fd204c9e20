import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { members } from '../../src/db/schema/account.ts';
import { slips } from '../../src/db/schema/deposits.ts';
import { expectLedgerSound } from '../helpers/ledger.ts';
import { multipart } from '../helpers/multipart-body.ts';
import { createDepositsHarness } from './deposits-harness.ts';

/**
 * DESIGN.md §9.5 on real PostgreSQL: one slip uploaded 20× at once by two members whose registered accounts both
 * match the slip's masked sender (`xxx-x-x1234-x`) credits exactly once, whoever wins.
 */
let h: Awaited<ReturnType<typeof createDepositsHarness>>;
beforeAll(async () => {
  h = await createDepositsHarness();
  h.t.clock.set(new Date('2026-11-23T05:00:00Z'));
});
afterAll(async () => {
  await h.close();
});

async function upload(token: string, data: Buffer) {
  const { payload, headers } = multipart([{ name: 'file', data, filename: 'slip.png', type: 'image/png' }]);
  const res = await h.t.app.inject({
    method: 'POST',
    url: '/api/wallet/slip',
    headers: { ...headers, authorization: `Bearer ${token}` },
    payload,
  });
  return { status: res.statusCode, body: res.json() as { status: string; note?: string } };
}

it('20 concurrent uploads of one slip by 2 members credit once', async () => {
  const a = await h.member();
  const b = await h.member();
  // b's account differs from a's only in digits the bank masks: the slip's sender matches both
  const twin = `3${a.bankAccountNo.slice(1)}`;
  await h.t.ctx.db.update(members).set({ bankAccountNo: twin }).where(eq(members.id, b.id));

  const made = await h.send('POST', '/sandbox/bank/transfers', {
    fromBankCode: 'KBANK',
    fromAccountNo: a.bankAccountNo,
    toBankCode: 'KBANK',
    toAccountNo: '0481234567',
    amount: 700,
    at: h.t.clock.now().toISOString(),
  });
  expect(made.status).toBe(200);
  const png = (await h.t.app.inject({ method: 'GET', url: made.body.slipUrl })).rawPayload;

  const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => upload(i % 2 ? b.token : a.token, png)));
  expect(answers.every((r) => r.status === 200)).toBe(true);
  expect(answers.filter((r) => r.body.status === 'SUCCESS')).toHaveLength(1);
  expect(answers.filter((r) => r.body.note === 'SLIP_REFNO_DUPLICATED')).toHaveLength(19);
  const credited = (await h.walletMinor(a.id)) + (await h.walletMinor(b.id));
  expect(credited).toBe(70_000n);
  expect([...(await h.deposits(a.id)), ...(await h.deposits(b.id))]).toHaveLength(1);
  const rows = await h.t.ctx.db.select().from(slips).where(eq(slips.status, 'PROCESSING'));
  expect(rows).toHaveLength(0);
  await expectLedgerSound(h.t);
});
