import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/db/client.ts';
import { gameBets, memberTurnoverDaily, promotionClaims, promotionConditions } from '../../src/db/schema/promotions.ts';
import { runTurnoverPull } from '../../src/modules/promotions/promotions.routes.ts';
import { expectLedgerSound } from '../helpers/ledger.ts';
import type { FakeGameProvider } from '../helpers/fake-game-provider.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { createMember, walletBalance } from '../idempotency/wallet-test-module.ts';
import { addPromotion, createPromoApp, linkGame } from './promo-fixture.ts';

/** Races on PostgreSQL through the real request path, and two pullers on one database. */
let t: TestApp;
let game: FakeGameProvider;
beforeAll(async () => {
  ({ t, game } = await createPromoApp());
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

describe('promotions under concurrency', () => {
  it('100 concurrent activations of a limit-1 bonus: one claim, one credit, one condition', async () => {
    const p = await addPromotion(t);
    const m = await createMember(t);
    const replies = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        t.app.inject({
          method: 'GET',
          url: `/api/bonus/activate/${p.code}`,
          headers: { ...m.auth, 'idempotency-key': `race-${i}` },
        }),
      ),
    );
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of replies.filter((x) => x.statusCode !== 200)) {
      expect(['BONUS_ALREADY_ACTIVE', 'BONUS_MAX_CLAIMED']).toContain((r.json() as { message: string }).message);
    }
    expect(await walletBalance(t, m.id)).toBe(10_000n);
    expect(await t.ctx.db.select().from(promotionClaims).where(eq(promotionClaims.memberId, m.id))).toHaveLength(1);
    expect(
      await t.ctx.db.select().from(promotionConditions).where(eq(promotionConditions.memberId, m.id)),
    ).toHaveLength(1);
  });

  it('the turnover pull counts each bet once across two processes and a restart', async () => {
    const m = await createMember(t);
    const user = await linkGame(t, m.id);
    // 25 lost stakes (−2 500) and 25 wins of 150 on 100 (+1 250)
    for (let i = 0; i < 50; i++) game.recordBet(user, 100n, i % 2 === 0 ? 0n : 150n, t.clock.now());
    t.clock.advance(1_000);
    const url = t.database.url;
    if (!url) throw new Error('a PostgreSQL test');
    const providers = new Map([['pg', game]]);
    const other = await openPostgres(url, 4);
    try {
      const puller = (db: typeof t.ctx.db) => runTurnoverPull({ db, clock: t.clock, log: t.ctx.log, providers });
      await Promise.all([puller(t.ctx.db), puller(other.db), puller(t.ctx.db), puller(other.db)]);
      // a restarted process: a fresh connection pool, the same database state
      const restarted = await openPostgres(url, 2);
      await puller(restarted.db);
      await restarted.close();
    } finally {
      await other.close();
    }
    const [day] = await t.ctx.db.select().from(memberTurnoverDaily).where(eq(memberTurnoverDaily.memberId, m.id));
    expect(day).toMatchObject({ validBets: 5_000n, winLoss: -1_250n, betCount: 50 });
    expect(await t.ctx.db.select().from(gameBets).where(eq(gameBets.memberId, m.id))).toHaveLength(50);
  });
});
