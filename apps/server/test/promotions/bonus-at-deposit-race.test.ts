import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositBonusChoices, promotionClaims } from '../../src/db/schema/promotions.ts';
import { expectLedgerSound } from '../helpers/ledger.ts';
import { createDepositsHarness } from '../deposits/deposits-harness.ts';
import { addPromotion } from './promo-fixture.ts';

// Races of bonuses chosen at deposit (docs/decisions/0042-bets-and-bonus-at-deposit.md); on PostgreSQL the payments
// really run at once (DATABASE_URL), on PGlite they interleave.
let h: Awaited<ReturnType<typeof createDepositsHarness>>;
beforeAll(async () => {
  h = await createDepositsHarness();
});
afterAll(async () => {
  await h.close();
});

describe('bonus at deposit races', () => {
  it('two deposits choosing the same once-only bonus, paid at once: one claim, both deposits credited', async () => {
    const m = await h.member();
    const p = await addPromotion(h.t, { percent: 10, minDeposit: 10_000n, maxAmount: 10_000n });
    const qrs = [];
    for (const provider of ['KBANK', 'WW']) {
      const res = await h.send('POST', `/api/qrcode/${provider}`, { amount: 400, bonusCode: p.code }, m.token);
      expect(res.status).toBe(200);
      qrs.push(res.body as { qrcodeId: string; payload: string });
    }
    const paid = await Promise.all(qrs.map((qr) => h.send('POST', '/sandbox/qr/pay', { payload: qr.payload })));
    expect(paid.map((r) => r.body.delivered)).toEqual([true, true]);
    // and every webhook replayed at once
    await Promise.all(
      paid.map((r) => h.send('POST', '/sandbox/qr/_redeliver', { providerTxnId: r.body.providerTxnId })),
    );
    const claims = await h.t.ctx.db
      .select()
      .from(promotionClaims)
      .where(and(eq(promotionClaims.memberId, m.id), eq(promotionClaims.promotionId, p.id)));
    expect(claims).toHaveLength(1);
    expect(await h.walletMinor(m.id)).toBe(80_000n + 4_000n);
    const choices = await h.t.ctx.db.select().from(depositBonusChoices).where(eq(depositBonusChoices.memberId, m.id));
    expect(choices.map((c) => c.status).sort()).toEqual(['claimed', 'skipped']);
    expect(['BONUS_ALREADY_ACTIVE', 'BONUS_MAX_CLAIMED']).toContain(
      choices.find((c) => c.status === 'skipped')?.reason,
    );
    await expectLedgerSound(h.t);
  });
});
