import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositBonusChoices, promotionClaims } from '../../src/db/schema/promotions.ts';
import { recordIncoming } from '../../src/modules/deposits/deposits.api.ts';
import { LedgerService } from '../../src/modules/ledger/ledger.api.ts';
import { recordBets } from '../../src/modules/promotions/promotions.api.ts';
import { createDepositsHarness } from '../deposits/deposits-harness.ts';
import { expectLedgerSound } from '../helpers/ledger.ts';
import { addPromotion } from '../promotions/promo-fixture.ts';

// Hostile input for the bet history and the bonus chosen at deposit (docs/decisions/0042-bets-and-bonus-at-deposit.md):
// a 4xx catalogue code, never a 500, never another member's data, never a second bonus.
let h: Awaited<ReturnType<typeof createDepositsHarness>>;
beforeAll(async () => {
  h = await createDepositsHarness();
});
afterAll(async () => {
  await h.close();
});

const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('bet history, hostile', () => {
  it('answers only with the caller’s own bets, whatever the filter or cursor', async () => {
    const a = await h.member();
    const b = await h.member();
    const now = h.t.clock.now().getTime();
    await recordBets(
      h.t.ctx.db,
      [a.id, b.id].flatMap((memberId) =>
        [0, 1, 2].map((i) => ({
          game: memberId === a.id ? 'pg' : 'sexy',
          betId: `h${memberId}-${i}`,
          memberId,
          stake: 1_000n,
          payout: 0n,
          placedAt: new Date(now - i * 60_000),
        })),
      ),
      h.t.clock.now(),
    );
    const queries = [
      '',
      '?game=sexy',
      `?cursor=${cursorOf([now + 60_000, 'sexy', `h${b.id}-0`])}`,
      `?cursor=${cursorOf([now + 60_000, 'zzz', 'zzz'])}&limit=100`,
    ];
    for (const q of queries) {
      const res = await h.send('GET', `/api/bets${q}`, undefined, a.token);
      expect(res.status, q).toBe(200);
      for (const bet of res.body.bets) expect(bet.betId, q).toMatch(new RegExp(`^h${a.id}-`));
      expect(res.body.games).toEqual(['pg']);
    }
    expect((await h.send('GET', '/api/bets')).status).toBe(401);
  });

  it('refuses malformed filters and cursors with KEY_INVALID', async () => {
    const a = await h.member();
    const bad = [
      'cursor=not-a-cursor',
      `cursor=${cursorOf({ a: 1 })}`,
      `cursor=${cursorOf(['x', 1, 2])}`,
      `cursor=${'A'.repeat(300)}`,
      'limit=0',
      'limit=101',
      'limit=abc',
      'from=2026-13-99%27%20or%201%3D1--',
      'from=2026-11-22&to=2026-11-01',
      'game=..%2F..%2Fetc',
      `game=${'x'.repeat(40)}`,
    ];
    for (const q of bad) {
      const res = await h.send('GET', `/api/bets?${q}`, undefined, a.token);
      expect(res.status, q).toBe(400);
      expect(res.body.message, q).toBe('KEY_INVALID');
    }
    for (const amount of ['-1', '0', 'abc', '1e309', '0.001', '']) {
      const res = await h.send('GET', `/api/bonus/deposit?amount=${amount}`, undefined, a.token);
      expect(res.status, amount).toBe(400);
    }
  });
});

describe('bonus chosen at deposit, hostile', () => {
  it('an ineligible, closed, unknown or malformed bonus is refused and no QR or choice is kept', async () => {
    const m = await h.member();
    const code = await addPromotion(h.t, { kind: 'code', percent: 10 });
    const closed = await addPromotion(h.t, { percent: 10, isActive: false });
    const fixed = await addPromotion(h.t, { percent: 0, minDeposit: 0n });
    for (const bonusCode of [code.code, closed.code, fixed.code, 'NOPE', "x' or 1=1--", '__proto__', 'x'.repeat(65)]) {
      const res = await h.send('POST', '/api/qrcode/KBANK', { amount: 200, bonusCode }, m.token);
      expect(res.status, bonusCode).toBeGreaterThanOrEqual(400);
      expect(res.status, bonusCode).toBeLessThan(500);
      expect(['NO_PROMOTION', 'KEY_INVALID']).toContain(res.body.message);
    }
    expect((await h.send('GET', '/api/qrcode/KBANK', undefined, m.token)).body.hasQrcode).toBe(false);
    expect(await h.t.ctx.db.select().from(depositBonusChoices).where(eq(depositBonusChoices.memberId, m.id))).toEqual(
      [],
    );
  });

  it('another member’s deposit never claims a member’s choice; a replayed credit claims once', async () => {
    const a = await h.member();
    const b = await h.member();
    const p = await addPromotion(h.t, { percent: 10, minDeposit: 10_000n });
    const qr = await h.send('POST', '/api/qrcode/KBANK', { amount: 300, bonusCode: p.code }, a.token);
    expect(qr.status).toBe(200);
    const ledger = new LedgerService(h.t.ctx.db);
    const credit = (memberId: number, reference: string) =>
      ledger.transaction((tx) =>
        recordIncoming(ledger, tx, {
          memberId,
          channel: 'qr',
          reference,
          sourceId: qr.body.qrcodeId,
          amount: 30_000n,
          currency: 'THB',
          status: 'credited',
          at: h.t.clock.now(),
        }),
      );
    // B's money naming A's QR as its source: credited to B, A's choice untouched
    expect((await credit(b.id, `KBANK.HOSTILE-${b.id}`)).kind).toBe('credited');
    const [choice] = await h.t.ctx.db
      .select()
      .from(depositBonusChoices)
      .where(eq(depositBonusChoices.intentId, qr.body.qrcodeId));
    expect(choice?.status).toBe('chosen');
    expect(await h.walletMinor(b.id)).toBe(30_000n);
    // A's credit replayed five times: one deposit, one bonus
    const results = [];
    for (let i = 0; i < 5; i += 1) results.push((await credit(a.id, `KBANK.HOSTILE-${a.id}`)).kind);
    expect(results).toEqual(['credited', 'duplicate', 'duplicate', 'duplicate', 'duplicate']);
    expect(await h.walletMinor(a.id)).toBe(33_000n);
    expect(await h.t.ctx.db.select().from(promotionClaims).where(eq(promotionClaims.memberId, a.id))).toHaveLength(1);
    // the outcome of A's deposit is A's alone: B reads null, as for a deposit without a choice
    const [depositOfA] = await h.deposits(a.id);
    const mine = await h.send('GET', `/api/bonus/deposit/${depositOfA!.id}`, undefined, a.token);
    expect(mine.body.outcome).toMatchObject({ status: 'claimed', amount: 30 });
    const theirs = await h.send('GET', `/api/bonus/deposit/${depositOfA!.id}`, undefined, b.token);
    expect(theirs.body).toEqual({ outcome: null });
    for (const id of ['..%2F..', "x'--", 'x'.repeat(33)]) {
      expect((await h.send('GET', `/api/bonus/deposit/${id}`, undefined, a.token)).status, id).toBe(400);
    }
    await expectLedgerSound(h.t);
  });
});
