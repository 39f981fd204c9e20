import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { depositBonusChoices, promotionClaims } from '../../src/db/schema/promotions.ts';
import { createDepositsHarness, TESTER_PRINTED } from '../deposits/deposits-harness.ts';
import { deliverOutbox } from '../helpers/test-app.ts';
import { expectLedgerSound } from '../helpers/ledger.ts';
import { multipart } from '../helpers/multipart-body.ts';
import { addPromotion } from './promo-fixture.ts';

/**
 * A bonus chosen with a slip or a True Wallet voucher (docs/decisions/0042-bets-and-bonus-at-deposit.md): stored with
 * the slip or voucher, claimed through the one claim function in the crediting transaction, never refusing the
 * deposit, and told in the answer. On PostgreSQL (DATABASE_URL) the racing deposits really run at once.
 */
let h: Awaited<ReturnType<typeof createDepositsHarness>>;
beforeAll(async () => {
  h = await createDepositsHarness();
  // outside the slip closing window (23:50–00:10 Bangkok): 12:00 Bangkok
  h.t.clock.set(new Date('2026-11-23T05:00:00Z'));
});
beforeEach(async () => {
  await h.send('POST', '/sandbox/bank/_slip-faults', { mode: 'none' });
});
afterAll(async () => {
  await h.close();
});

type Member = Awaited<ReturnType<typeof h.member>>;
const SITE_ACCOUNT = '0481234567';
const WALLET = '0891234567';

async function slipOf(m: Member, amount: number): Promise<Buffer> {
  const res = await h.send('POST', '/sandbox/bank/transfers', {
    fromBankCode: 'KBANK',
    fromAccountNo: m.bankAccountNo,
    toBankCode: 'KBANK',
    toAccountNo: SITE_ACCOUNT,
    amount,
    at: h.t.clock.now().toISOString(),
    fromNameEn: TESTER_PRINTED,
  });
  expect(res.status).toBe(200);
  return (await h.t.app.inject({ method: 'GET', url: res.body.slipUrl })).rawPayload;
}

async function uploadSlip(m: Member, png: Buffer, bonusCode?: string) {
  const { payload, headers } = multipart([
    ...(bonusCode ? [{ name: 'bonusCode', data: bonusCode }] : []),
    { name: 'file', data: png, filename: 'slip.png', type: 'image/png' },
  ]);
  const res = await h.t.app.inject({
    method: 'POST',
    url: '/api/wallet/slip',
    headers: { ...headers, authorization: `Bearer ${m.token}`, 'accept-language': 'en' },
    payload,
  });
  return { status: res.statusCode, body: res.json() };
}

/** What the player does (CryptoJS.AES.encrypt(link, secret).toString()), in node:crypto. */
function encryptLink(link: string, secret = 'member-wallet-truelink'): string {
  const salt = randomBytes(8);
  const pass = Buffer.from(secret);
  const d1 = createHash('md5')
    .update(Buffer.concat([pass, salt]))
    .digest();
  const d2 = createHash('md5')
    .update(Buffer.concat([d1, pass, salt]))
    .digest();
  const d3 = createHash('md5')
    .update(Buffer.concat([d2, pass, salt]))
    .digest();
  const cipher = createCipheriv('aes-256-cbc', Buffer.concat([d1, d2]), d3);
  return Buffer.concat([Buffer.from('Salted__'), salt, cipher.update(link, 'utf8'), cipher.final()]).toString('base64');
}

async function voucherLink(amount: number): Promise<string> {
  return ((await h.send('POST', '/sandbox/truewallet/vouchers', { amount })).body as { link: string }).link;
}
const redeem = (m: Member, link: string, bonusCode?: string) =>
  h.send('POST', '/api/wallet/truelink', { link: `${encryptLink(link)}::${WALLET}`, bonusCode }, m.token);

const claimsOf = (memberId: number, promotionId: number) =>
  h.t.ctx.db
    .select()
    .from(promotionClaims)
    .where(and(eq(promotionClaims.memberId, memberId), eq(promotionClaims.promotionId, promotionId)));
const choicesOf = (memberId: number) =>
  h.t.ctx.db.select().from(depositBonusChoices).where(eq(depositBonusChoices.memberId, memberId));

describe('a bonus chosen with a slip or a True Wallet voucher', () => {
  it('a slip credits its deposit and the chosen bonus in one answer, and pushes the outcome', async () => {
    const m = await h.member();
    const p = await addPromotion(h.t, { percent: 10, minDeposit: 10_000n, maxAmount: 10_000n });
    const answer = await uploadSlip(m, await slipOf(m, 300), p.code);
    expect(answer.body).toMatchObject({
      status: 'SUCCESS',
      amount: 300,
      bonus: { name: 'Bonus', status: 'claimed', reason: null, amount: 30 },
    });
    expect(await h.walletMinor(m.id)).toBe(33_000n);
    expect(await claimsOf(m.id, p.id)).toHaveLength(1);
    const [choice] = await choicesOf(m.id);
    expect(choice).toMatchObject({ channel: 'slip', status: 'claimed' });
    // the member's own outcome read, by the deposit
    const outcome = await h.send('GET', `/api/bonus/deposit/${choice!.depositId}`, undefined, m.token);
    expect(outcome.body.outcome).toMatchObject({ status: 'claimed', amount: 30 });
    await deliverOutbox(h.t);
  });

  it('a voucher whose bonus no longer applies is credited anyway; the answer says why the bonus was skipped', async () => {
    const m = await h.member();
    const p = await addPromotion(h.t, { percent: 10, minDeposit: 50_000n, maxAmount: 10_000n });
    const answer = await redeem(m, await voucherLink(200), p.code);
    expect(answer.body).toMatchObject({
      message: 'SUCCESS',
      amount: 200,
      bonus: { status: 'skipped', reason: 'DEPOSIT_BELOW_MINIMUM', amount: 0 },
    });
    expect(await h.walletMinor(m.id)).toBe(20_000n);
    expect(await claimsOf(m.id, p.id)).toHaveLength(0);
    // an unknown code: the deposit still goes in, the answer names the refusal
    const unknown = await redeem(m, await voucherLink(100), 'NOPE123');
    expect(unknown.body).toMatchObject({
      message: 'SUCCESS',
      amount: 100,
      bonus: { status: 'skipped', reason: 'NO_PROMOTION' },
    });
    expect(await h.walletMinor(m.id)).toBe(30_000n);
    // a voucher without a choice answers as before
    expect((await redeem(m, await voucherLink(100))).body).toEqual({ message: 'SUCCESS', amount: 100 });
  });

  it('a slip and a voucher racing for the same once-only bonus: both credited, one claim', async () => {
    const m = await h.member();
    const p = await addPromotion(h.t, { percent: 10, minDeposit: 10_000n, maxAmount: 10_000n });
    const png = await slipOf(m, 400);
    const link = await voucherLink(400);
    const link2 = await voucherLink(400);
    const answers = await Promise.all([uploadSlip(m, png, p.code), redeem(m, link, p.code), redeem(m, link2, p.code)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const told = answers.map((a) => a.body.bonus.status as string).sort();
    expect(told).toEqual(['claimed', 'skipped', 'skipped']);
    expect(await claimsOf(m.id, p.id)).toHaveLength(1);
    expect(await h.walletMinor(m.id)).toBe(120_000n + 4_000n);
    const choices = await choicesOf(m.id);
    expect(choices.map((c) => c.status).sort()).toEqual(['claimed', 'skipped', 'skipped']);
    for (const c of choices.filter((x) => x.status === 'skipped'))
      expect(['BONUS_ALREADY_ACTIVE', 'BONUS_MAX_CLAIMED']).toContain(c.reason);
    await expectLedgerSound(h.t);
  });
});
