import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { members } from '../../src/db/schema/account.ts';
import { slips } from '../../src/db/schema/deposits.ts';
import { expectLedgerSound } from '../helpers/ledger.ts';
import { multipart } from '../helpers/multipart-body.ts';
import { createDepositsHarness } from './deposits-harness.ts';

/**
 * docs/decisions/0018 and docs/decisions/0025-slip-sender-and-provider-amounts.md on real PostgreSQL: one slip uploaded
 * 20× at once by two members whose registered accounts both match the slip's masked sender (`xxx-x-x1234-x`). The
 * look-alike whose name is not on the slip never gets it; the sender's uploads record one deposit for an operator
 * (two members share the mask), and nothing is credited until the operator decides.
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

it('20 concurrent uploads of one slip by the sender and a look-alike: one deposit in review, nothing credited', async () => {
  const a = await h.member({ name: 'สมชาย ใจดี', bankAccountName: 'SOMCHAI JAIDEE' });
  const b = await h.member({ name: 'สมหญิง รักดี', bankAccountName: 'SOMYING RAKDEE' });
  // b's account differs from a's only in digits the bank masks: the slip's sender account matches both
  const twin = `3${a.bankAccountNo.slice(1)}`;
  await h.t.ctx.db.update(members).set({ bankAccountNo: twin }).where(eq(members.id, b.id));

  const made = await h.send('POST', '/sandbox/bank/transfers', {
    fromBankCode: 'KBANK',
    fromAccountNo: a.bankAccountNo,
    toBankCode: 'KBANK',
    toAccountNo: '0481234567',
    amount: 700,
    at: h.t.clock.now().toISOString(),
    fromName: 'นาย สมชาย ใจดี',
    fromNameEn: 'MR SOMCHAI JAIDEE',
  });
  expect(made.status).toBe(200);
  const png = (await h.t.app.inject({ method: 'GET', url: made.body.slipUrl })).rawPayload;

  const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => upload(i % 2 ? b.token : a.token, png)));
  expect(answers.every((r) => r.status === 200)).toBe(true);
  // the sender (even indexes) is told "under review" every time, the look-alike NOT_MATCH every time
  expect(answers.filter((r, i) => i % 2 === 0 && r.body.status === 'REVIEW')).toHaveLength(10);
  expect(answers.filter((r, i) => i % 2 === 1 && r.body.note === 'NOT_MATCH')).toHaveLength(10);
  expect(answers.filter((r) => r.body.status === 'SUCCESS')).toHaveLength(0);
  expect((await h.walletMinor(a.id)) + (await h.walletMinor(b.id))).toBe(0n);
  expect(await h.deposits(b.id)).toEqual([]);
  const [held] = await h.deposits(a.id);
  expect(held).toMatchObject({ status: 'review', amount: 70_000n });
  expect(await h.deposits(a.id)).toHaveLength(1);
  const inReview = await h.t.ctx.db.select().from(slips).where(eq(slips.memberId, a.id));
  expect(inReview.map((s) => [s.status, s.depositId])).toEqual(Array.from({ length: 10 }, () => ['REVIEW', held!.id]));
  const rows = await h.t.ctx.db.select().from(slips).where(eq(slips.status, 'PROCESSING'));
  expect(rows).toHaveLength(0);
  await expectLedgerSound(h.t);
});

it('20 concurrent uploads by two members the printed name cannot tell apart: all "under review", one deposit', async () => {
  const a = await h.member({ name: 'ANAN SUKJAI', bankAccountName: 'ANAN SUKJAI' });
  const b = await h.member({ name: 'ANAN SUKSAWAT', bankAccountName: 'ANAN SUKSAWAT' });
  await h.t.ctx.db
    .update(members)
    .set({ bankAccountNo: `3${a.bankAccountNo.slice(1)}` })
    .where(eq(members.id, b.id));
  // the bank cut the surname after "SUK": both members fit the account mask and the name
  const made = await h.send('POST', '/sandbox/bank/transfers', {
    fromBankCode: 'KBANK',
    fromAccountNo: a.bankAccountNo,
    toBankCode: 'KBANK',
    toAccountNo: '0481234567',
    amount: 650,
    at: h.t.clock.now().toISOString(),
    fromNameEn: 'MR ANAN SUK',
  });
  const png = (await h.t.app.inject({ method: 'GET', url: made.body.slipUrl })).rawPayload;
  const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => upload(i % 2 ? b.token : a.token, png)));
  expect(answers.map((r) => r.body.status)).toEqual(Array(20).fill('REVIEW'));
  expect((await h.walletMinor(a.id)) + (await h.walletMinor(b.id))).toBe(0n);
  const held = [...(await h.deposits(a.id)), ...(await h.deposits(b.id))];
  expect(held.map((d) => d.status)).toEqual(['review']);
  const linked = await h.t.ctx.db.select().from(slips).where(eq(slips.depositId, held[0]!.id));
  expect(linked).toHaveLength(20);
  await expectLedgerSound(h.t);
});
