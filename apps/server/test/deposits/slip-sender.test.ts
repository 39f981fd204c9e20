import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deposits, slips } from '../../src/db/schema/deposits.ts';
import { expectLedgerSound } from '../helpers/ledger.ts';
import { multipart } from '../helpers/multipart-body.ts';
import { createDepositsHarness } from './deposits-harness.ts';

/**
 * docs/decisions/0025-slip-sender-and-provider-amounts.md: a slip shows four digits of the sender's account, so a
 * member registered at the same bank with those digits must not be credited with someone else's slip. The printed
 * sender name must not contradict the uploader's names, and a sender the rules cannot tell apart waits for an
 * operator; the real sender is then told "under review", never "duplicate".
 */
let h: Awaited<ReturnType<typeof createDepositsHarness>>;
beforeAll(async () => {
  h = await createDepositsHarness();
  h.t.clock.set(new Date('2026-11-23T05:00:00Z'));
});
afterAll(async () => {
  await h.close();
});

type Member = Awaited<ReturnType<typeof h.member>>;

/** A member registered at KBANK whose account differs from `of`'s only in digits a bank masks. */
async function lookAlike(of: Member, names: { name: string; bankAccountName: string }) {
  return h.member({ ...names, bankAccountNo: `3${of.bankAccountNo.slice(1)}` });
}

async function slipOf(from: Member, amount: number, names: { fromName?: string; fromNameEn?: string }) {
  const made = await h.send('POST', '/sandbox/bank/transfers', {
    fromBankCode: 'KBANK',
    fromAccountNo: from.bankAccountNo,
    toBankCode: 'KBANK',
    toAccountNo: '0481234567',
    amount,
    at: h.t.clock.now().toISOString(),
    ...names,
  });
  expect(made.status).toBe(200);
  return (await h.t.app.inject({ method: 'GET', url: made.body.slipUrl })).rawPayload;
}

async function upload(token: string, png: Buffer) {
  const { payload, headers } = multipart([{ name: 'file', data: png, filename: 'slip.png', type: 'image/png' }]);
  const res = await h.t.app.inject({
    method: 'POST',
    url: '/api/wallet/slip',
    headers: { ...headers, authorization: `Bearer ${token}` },
    payload,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { status: string; message: string; note?: string; reference: string };
}

const SOMCHAI = { name: 'สมชาย ใจดี', bankAccountName: 'สมชาย ใจดี' };
const SOMYING = { name: 'สมหญิง รักดี', bankAccountName: 'สมหญิง รักดี' };

describe('who sent a slip', () => {
  it('a look-alike account never gets someone else’s slip; the real sender is told "under review"', async () => {
    const sender = await h.member(SOMCHAI);
    const other = await lookAlike(sender, SOMYING);
    const png = await slipOf(sender, 400, { fromName: 'นาย สมชาย ใจดี', fromNameEn: 'MR SOMCHAI JAIDEE' });

    // the look-alike uploads first: the printed name is not theirs
    expect(await upload(other.token, png)).toMatchObject({ status: 'FAILED', note: 'NOT_MATCH' });
    expect(await h.walletMinor(other.id)).toBe(0n);
    expect(await h.deposits(other.id)).toEqual([]);

    // the real sender: the name fits, but two members share the masked account → an operator decides
    const mine = await upload(sender.token, png);
    expect(mine).toMatchObject({ status: 'REVIEW', message: 'REVIEW' });
    expect(await h.walletMinor(sender.id)).toBe(0n);
    const [held] = await h.deposits(sender.id);
    expect(held).toMatchObject({ channel: 'slip', status: 'review', amount: 40_000n, sourceId: mine.reference });
    expect(held!.note).toContain(`fits 2 members (${sender.id}, ${other.id})`);
    // the member's slip list shows it in review, and a second upload is still "under review", not a duplicate
    const list = await h.send('POST', '/api/statement/slip', { page: 1, limit: 10 }, sender.token);
    expect(list.body.slips[0]).toMatchObject({ status: 'REVIEW' });
    expect(await upload(sender.token, png)).toMatchObject({ status: 'REVIEW' });
    expect(await h.deposits(sender.id)).toHaveLength(1);
    await expectLedgerSound(h.t);
  });

  it('the only member whose account and name fit is credited; another name is NOT_MATCH', async () => {
    const sender = await h.member({ name: 'Somchai', bankAccountName: 'SOMCHAI JAIDEE' });
    const png = await slipOf(sender, 120, { fromName: 'นาย สมชาย ใจดี', fromNameEn: 'MR. SOMCHAI JAIDE' });
    expect(await upload(sender.token, png)).toMatchObject({ status: 'SUCCESS', amount: 120 });
    expect(await h.walletMinor(sender.id)).toBe(12_000n);

    // a display name is free text: copying the printed name into it changes nothing
    const stranger = await h.member({ name: 'Somchai Jaidee', bankAccountName: 'MALEE DEEJAI' });
    const foreign = await slipOf(stranger, 90, { fromNameEn: 'MR SOMCHAI JAIDEE' });
    expect(await upload(stranger.token, foreign)).toMatchObject({ status: 'FAILED', note: 'NOT_MATCH' });
    expect(await h.walletMinor(stranger.id)).toBe(0n);
    await expectLedgerSound(h.t);
  });

  it('a sender name the rules cannot compare is held for an operator, not credited', async () => {
    // registered in English only; the bank printed the Thai name only
    const m = await h.member({ name: 'SOMSAK MEESUK', bankAccountName: 'SOMSAK MEESUK' });
    const png = await slipOf(m, 150, { fromName: 'นาย สมศักดิ์ มีสุข' });
    expect(await upload(m.token, png)).toMatchObject({ status: 'REVIEW' });
    expect(await h.walletMinor(m.id)).toBe(0n);
    const [held] = await h.deposits(m.id);
    expect(held).toMatchObject({ status: 'review', note: 'the sender name on the slip cannot be compared' });
    await expectLedgerSound(h.t);
  });

  it('two members the names cannot tell apart: the first upload is held, the second is told "under review"', async () => {
    const sender = await h.member({ name: 'ANAN SUKJAI', bankAccountName: 'ANAN SUKJAI' });
    const twin = await lookAlike(sender, { name: 'ANAN SUKSAWAT', bankAccountName: 'ANAN SUKSAWAT' });
    // the bank cut the surname after "SUK": both members fit
    const png = await slipOf(sender, 300, { fromNameEn: 'MR ANAN SUK' });
    const first = await upload(twin.token, png);
    expect(first).toMatchObject({ status: 'REVIEW' });
    const second = await upload(sender.token, png);
    expect(second).toMatchObject({ status: 'REVIEW' });
    expect(second.note).toBeUndefined();
    expect(await h.walletMinor(twin.id)).toBe(0n);
    expect(await h.walletMinor(sender.id)).toBe(0n);
    const held = await h.t.ctx.db.select().from(deposits).where(eq(deposits.sourceId, first.reference));
    expect(held).toHaveLength(1);
    // the operator sees who else claims it (once, however often that member uploads it)
    expect(await upload(sender.token, png)).toMatchObject({ status: 'REVIEW' });
    const [again] = await h.t.ctx.db.select().from(deposits).where(eq(deposits.id, held[0]!.id));
    expect(again!.note).toBe(
      `sender account xxx-x-x${sender.bankAccountNo.slice(5, 9)}-x fits 2 members (${twin.id}, ${sender.id}); also uploaded by member ${sender.id} (slip ${second.reference})`,
    );
    const [linked] = await h.t.ctx.db.select().from(slips).where(eq(slips.id, second.reference));
    expect(linked).toMatchObject({ status: 'REVIEW', depositId: held[0]!.id });
    // nothing to verify again while an operator decides
    expect((await h.deposits(sender.id)).length + (await h.deposits(twin.id)).length).toBe(1);
    await expectLedgerSound(h.t);
  });
});
