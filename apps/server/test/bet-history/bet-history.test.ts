import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordBets } from '../../src/modules/promotions/promotions.api.ts';
import { createDepositsHarness } from '../deposits/deposits-harness.ts';
import { expectLedgerSound } from '../helpers/ledger.ts';
import { addPromotion } from '../promotions/promo-fixture.ts';

// GET /api/bets: the bets the turnover pull stored (docs/decisions/0042-bets-and-bonus-at-deposit.md).
let h: Awaited<ReturnType<typeof createDepositsHarness>>;
beforeAll(async () => {
  h = await createDepositsHarness();
});
afterAll(async () => {
  await h.close();
});

const HOUR_MS = 3_600_000;
const at = (hoursBeforeNow: number) => new Date(h.t.clock.now().getTime() - hoursBeforeNow * HOUR_MS);

async function seedBets(memberId: number, laterHours = 0) {
  // 30 bets, one an hour back from now (+ laterHours), alternating games; a win every third
  const bets = Array.from({ length: 30 }, (_, i) => ({
    game: i % 2 === 0 ? 'pg' : 'sexy',
    betId: `m${memberId}-b${i}`,
    memberId,
    stake: 1_000n * BigInt(1 + (i % 3)),
    payout: i % 3 === 0 ? 2_500n : 0n,
    placedAt: at(i + 1 - laterHours),
  }));
  await recordBets(h.t.ctx.db, bets, h.t.clock.now());
  return bets;
}

describe('bet history', () => {
  it('pages the member’s bets newest first by cursor, each once, with the days’ totals', async () => {
    const m = await h.member();
    await seedBets(m.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/bets?limit=7${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await h.send('GET', url, undefined, m.token);
      expect(res.status).toBe(200);
      seen.push(...res.body.bets.map((b: { betId: string }) => b.betId));
      for (const day of res.body.days) {
        expect(res.body.bets.some((b: { day: string }) => b.day === day.day)).toBe(true);
      }
      cursor = res.body.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(5);
    expect(seen).toEqual(Array.from({ length: 30 }, (_, i) => `m${m.id}-b${i}`));
    const first = await h.send('GET', '/api/bets?limit=100', undefined, m.token);
    expect(first.body.games).toEqual(['pg', 'sexy']);
    const [newest] = first.body.bets;
    expect(newest).toMatchObject({ game: 'pg', stake: 10, payout: 25, winLoss: 15, turnover: 0, bonusName: null });
    const totals = first.body.days.reduce(
      (s: { n: number; stake: number }, d: { betCount: number; stake: number }) => ({
        n: s.n + d.betCount,
        stake: s.stake + d.stake,
      }),
      { n: 0, stake: 0 },
    );
    expect(totals).toEqual({ n: 30, stake: 600 });
  });

  it('filters by game and by Bangkok day range', async () => {
    const m = await h.member();
    await seedBets(m.id);
    const pg = await h.send('GET', '/api/bets?game=sexy&limit=100', undefined, m.token);
    expect(pg.body.bets).toHaveLength(15);
    expect(pg.body.bets.every((b: { game: string }) => b.game === 'sexy')).toBe(true);
    const all = await h.send('GET', '/api/bets?limit=100', undefined, m.token);
    const day = all.body.bets[0].day as string;
    const oneDay = await h.send('GET', `/api/bets?from=${day}&to=${day}&limit=100`, undefined, m.token);
    expect(oneDay.body.bets.length).toBeGreaterThan(0);
    expect(oneDay.body.bets.every((b: { day: string }) => b.day === day)).toBe(true);
    expect(oneDay.body.days).toHaveLength(1);
  });

  it('shows the turnover each bet counted toward the running bonus (within its max bet)', async () => {
    const m = await h.member();
    const p = await addPromotion(h.t, { maxBet: 2_000n });
    const claimed = await h.send('GET', `/api/bonus/activate/${p.code}`, undefined, m.token);
    expect(claimed.status).toBe(200);
    await seedBets(m.id, 3);
    const res = await h.send('GET', '/api/bets?limit=3', undefined, m.token);
    // placed 2 h, 1 h and 0 h after the claim; 30 baht is above the 20 baht max bet
    expect(res.body.bets.map((b: { stake: number; turnover: number }) => [b.stake, b.turnover])).toEqual([
      [10, 10],
      [20, 20],
      [30, 0],
    ]);
    expect(res.body.bets[0].bonusName).toBe('โบนัส');
    await expectLedgerSound(h.t);
  });

  it('an empty history is an empty page', async () => {
    const m = await h.member();
    const res = await h.send('GET', '/api/bets', undefined, m.token);
    expect(res.body).toEqual({ bets: [], days: [], games: [], nextCursor: null });
  });
});
