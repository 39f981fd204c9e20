import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  depositBonusChoices,
  promotionClaims,
  promotionConditions,
  promotions,
} from '../../src/db/schema/promotions.ts';
import { expectLedgerSound } from '../helpers/ledger.ts';
import { createDepositsHarness } from '../deposits/deposits-harness.ts';
import { addPromotion, deposit } from './promo-fixture.ts';

// A bonus chosen on the deposit sheet, claimed with the QR deposit's credit (docs/decisions/0042-bets-and-bonus-at-deposit.md).
let h: Awaited<ReturnType<typeof createDepositsHarness>>;
beforeAll(async () => {
  h = await createDepositsHarness();
});
afterAll(async () => {
  await h.close();
});

/** 10 % of the deposit up to 100 baht, from 100 baht, once, 3× turnover of deposit + bonus. */
const tenPercent = () => addPromotion(h.t, { percent: 10, minDeposit: 10_000n, maxAmount: 10_000n });

async function payQr(token: string, amount: number, bonusCode?: string, provider = 'KBANK') {
  const created = await h.send('POST', `/api/qrcode/${provider}`, { amount, bonusCode }, token);
  expect(created.status).toBe(200);
  const paid = await h.send('POST', '/sandbox/qr/pay', { payload: created.body.payload });
  expect(paid.body).toMatchObject({ status: 'SUCCESS', delivered: true });
  return { qrcodeId: created.body.qrcodeId as string, providerTxnId: paid.body.providerTxnId as string };
}

const choiceOf = async (qrId: string) =>
  (await h.t.ctx.db.select().from(depositBonusChoices).where(eq(depositBonusChoices.intentId, qrId)))[0];
const claimsOf = (memberId: number, promotionId: number) =>
  h.t.ctx.db
    .select()
    .from(promotionClaims)
    .where(and(eq(promotionClaims.memberId, memberId), eq(promotionClaims.promotionId, promotionId)));

describe('bonus at deposit', () => {
  it('lists the deposit bonuses with the bonus and the condition for the entered amount', async () => {
    const m = await h.member();
    const p = await tenPercent();
    const res = await h.send('GET', '/api/bonus/deposit?amount=500', undefined, m.token);
    expect(res.status).toBe(200);
    expect(res.body.find((o: { code: string }) => o.code === p.code)).toEqual({
      code: p.code,
      name: 'โบนัส',
      bonus: 50,
      successRule: 'turnover',
      target: 1650,
      minDeposit: 100,
      maxBalanceAtClaim: null,
      reason: null,
    });
    const small = await h.send('GET', '/api/bonus/deposit?amount=50', undefined, m.token);
    expect(small.body.find((o: { code: string }) => o.code === p.code).reason).toBe('DEPOSIT_BELOW_MINIMUM');
  });

  it('claims the chosen bonus with the credit, once, whatever the webhook replays', async () => {
    const m = await h.member();
    const p = await tenPercent();
    const { qrcodeId, providerTxnId } = await payQr(m.token, 500, p.code);
    expect(await h.walletMinor(m.id)).toBe(55_000n);
    for (let i = 0; i < 3; i += 1) await h.send('POST', '/sandbox/qr/_redeliver', { providerTxnId });
    expect(await h.walletMinor(m.id)).toBe(55_000n);
    expect(await claimsOf(m.id, p.id)).toHaveLength(1);
    expect(await choiceOf(qrcodeId)).toMatchObject({ status: 'claimed', reason: null });
    const [credited] = await h.deposits(m.id);
    const outcome = await h.send('GET', `/api/bonus/deposit/${credited!.id}`, undefined, m.token);
    expect(outcome.body).toEqual({ outcome: { name: 'โบนัส', status: 'claimed', reason: null, amount: 50 } });
    const [condition] = await h.t.ctx.db
      .select()
      .from(promotionConditions)
      .where(and(eq(promotionConditions.memberId, m.id), eq(promotionConditions.status, 'running')));
    expect(condition).toMatchObject({ bonus: 5_000n, base: 55_000n, target: 165_000n });
    await expectLedgerSound(h.t);
  });

  it('credits the deposit without the bonus when the promotion ended before the money came', async () => {
    const m = await h.member();
    const p = await tenPercent();
    const created = await h.send('POST', '/api/qrcode/KBANK', { amount: 300, bonusCode: p.code }, m.token);
    await h.t.ctx.db.update(promotions).set({ isActive: false }).where(eq(promotions.id, p.id));
    await h.send('POST', '/sandbox/qr/pay', { payload: created.body.payload });
    expect(await h.walletMinor(m.id)).toBe(30_000n);
    expect(await choiceOf(created.body.qrcodeId)).toMatchObject({ status: 'skipped', reason: 'NO_PROMOTION' });
    const [credited] = await h.deposits(m.id);
    const outcome = await h.send('GET', `/api/bonus/deposit/${credited!.id}`, undefined, m.token);
    expect(outcome.body.outcome).toMatchObject({ status: 'skipped', reason: 'NO_PROMOTION', amount: 0 });
    expect(await claimsOf(m.id, p.id)).toHaveLength(0);
    await expectLedgerSound(h.t);
  });

  it('credits without the bonus when another one started meanwhile (one running condition at a time)', async () => {
    const m = await h.member();
    const chosen = await tenPercent();
    const other = await tenPercent();
    const created = await h.send('POST', '/api/qrcode/KBANK', { amount: 200, bonusCode: chosen.code }, m.token);
    await payQr(m.token, 100, other.code, 'WW');
    await h.send('POST', '/sandbox/qr/pay', { payload: created.body.payload });
    expect(await h.walletMinor(m.id)).toBe(31_000n);
    expect(await choiceOf(created.body.qrcodeId)).toMatchObject({ status: 'skipped', reason: 'BONUS_ALREADY_ACTIVE' });
    await expectLedgerSound(h.t);
  });

  it('says when the member already holds more than the bonus allows at claim, and refuses that choice', async () => {
    const m = await h.member();
    await deposit(h.t, m.id, 10_000n);
    const p = await addPromotion(h.t, { percent: 10, minDeposit: 10_000n, maxBalanceAtClaim: 500n });
    const res = await h.send('GET', '/api/bonus/deposit?amount=500', undefined, m.token);
    expect(res.body.find((o: { code: string }) => o.code === p.code)).toMatchObject({
      reason: 'BALANCE_ABOVE_MAX',
      maxBalanceAtClaim: 5,
    });
    const chosen = await h.send('POST', '/api/qrcode/KBANK', { amount: 500, bonusCode: p.code }, m.token);
    expect(chosen.status).toBe(400);
    expect(chosen.body).toMatchObject({ message: 'BONUS_CONDITION', reason: 'BALANCE_ABOVE_MAX' });
    await expectLedgerSound(h.t);
  });

  it('refuses a choice that cannot apply now, and creates no QR for it', async () => {
    const m = await h.member();
    const p = await tenPercent();
    const code = await addPromotion(h.t, { kind: 'code', percent: 10, minDeposit: 10_000n });
    const below = await h.send('POST', '/api/qrcode/KBANK', { amount: 50, bonusCode: p.code }, m.token);
    expect(below.status).toBe(400);
    expect(below.body).toMatchObject({ message: 'BONUS_CONDITION', reason: 'DEPOSIT_BELOW_MINIMUM' });
    const notBonus = await h.send('POST', '/api/qrcode/KBANK', { amount: 500, bonusCode: code.code }, m.token);
    expect(notBonus.status).toBe(404);
    expect(notBonus.body.message).toBe('NO_PROMOTION');
    expect((await h.send('GET', '/api/qrcode/KBANK', undefined, m.token)).body.hasQrcode).toBe(false);
  });
});
