// The member's own bets as the turnover pull stored them (game_bets, one row per settled bet), newest first in cursor
// pages, with the whole day's totals and the turnover each bet counted toward a bonus condition
// (docs/decisions/0042-bets-and-bonus-at-deposit.md).
import type { BetHistory } from '@wallet/contract/bets';
import { and, asc, count, desc, eq, gte, inArray, lte, lt, or, sum, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { gameBets, promotionConditions } from '../../db/schema/promotions.ts';
import { AppError } from '../../errors.ts';
import type { ContentLanguage } from '../content/content.api.ts';
import { toMajor } from '../ledger/ledger.api.ts';

type Query = { game?: string; from?: string; to?: string; cursor?: string; limit: number };
type Condition = typeof promotionConditions.$inferSelect;

/** The cursor: the last bet's placedAt (ms), game and betId; opaque to the client. */
const encodeCursor = (b: { placedAt: Date; game: string; betId: string }) =>
  Buffer.from(JSON.stringify([b.placedAt.getTime(), b.game, b.betId])).toString('base64url');

function decodeCursor(cursor: string): { placedAt: Date; game: string; betId: string } {
  try {
    const [ms, game, betId] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof ms === 'number' && Number.isFinite(ms) && typeof game === 'string' && typeof betId === 'string')
      return { placedAt: new Date(ms), game, betId };
  } catch {
    // fall through: not one of ours
  }
  throw new AppError('KEY_INVALID');
}

/** What a bet counted toward: the turnover condition whose window holds it and whose maxBet its stake keeps. */
function countedBy(conditions: Condition[], bet: { placedAt: Date; stake: bigint }): Condition | undefined {
  return conditions.find(
    (c) =>
      c.startedAt <= bet.placedAt &&
      (!c.endedAt || bet.placedAt < c.endedAt) &&
      (c.maxBet === null || bet.stake <= c.maxBet),
  );
}

/** GET /api/bets (the member's own bets only: every read is filtered by the session's member id). */
export async function betHistory(db: Db, memberId: number, query: Query, lang: ContentLanguage): Promise<BetHistory> {
  const filter: (SQL | undefined)[] = [
    eq(gameBets.memberId, memberId),
    query.game ? eq(gameBets.game, query.game) : undefined,
    query.from ? gte(gameBets.day, query.from) : undefined,
    query.to ? lte(gameBets.day, query.to) : undefined,
  ];
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const page = await db
    .select()
    .from(gameBets)
    .where(
      and(
        ...filter,
        after
          ? or(
              lt(gameBets.placedAt, after.placedAt),
              and(eq(gameBets.placedAt, after.placedAt), lt(gameBets.game, after.game)),
              and(
                eq(gameBets.placedAt, after.placedAt),
                eq(gameBets.game, after.game),
                lt(gameBets.betId, after.betId),
              ),
            )
          : undefined,
      ),
    )
    .orderBy(desc(gameBets.placedAt), desc(gameBets.game), desc(gameBets.betId))
    .limit(query.limit + 1);
  const hasMore = page.length > query.limit;
  const bets = page.slice(0, query.limit);
  const conditions = await db
    .select()
    .from(promotionConditions)
    .where(and(eq(promotionConditions.memberId, memberId), eq(promotionConditions.successRule, 'turnover')))
    .orderBy(asc(promotionConditions.startedAt));
  const days = [...new Set(bets.map((b) => b.day))];
  const dayBets =
    days.length === 0
      ? []
      : await db
          .select({ day: gameBets.day, stake: gameBets.stake, placedAt: gameBets.placedAt })
          .from(gameBets)
          .where(and(...filter, inArray(gameBets.day, days)));
  const totals = days.length === 0 ? [] : await dayTotals(db, filter, days);
  const games = await db
    .selectDistinct({ game: gameBets.game })
    .from(gameBets)
    .where(eq(gameBets.memberId, memberId))
    .orderBy(asc(gameBets.game));
  return {
    bets: bets.map((b) => {
      const c = countedBy(conditions, b);
      return {
        game: b.game,
        betId: b.betId,
        stake: toMajor(b.stake),
        payout: toMajor(b.payout),
        winLoss: toMajor(b.payout - b.stake),
        placedAt: b.placedAt.toISOString(),
        day: b.day,
        turnover: c ? toMajor(b.stake) : 0,
        bonusName: c?.name ? c.name[lang] || c.name.th : null,
      };
    }),
    days: totals.map((t) => ({
      ...t,
      turnover: toMajor(
        dayBets.filter((b) => b.day === t.day && countedBy(conditions, b)).reduce((s, b) => s + b.stake, 0n),
      ),
    })),
    games: games.map((g) => g.game),
    nextCursor: hasMore && bets.length > 0 ? encodeCursor(bets[bets.length - 1]!) : null,
  };
}

async function dayTotals(db: Db, filter: (SQL | undefined)[], days: string[]) {
  const rows = await db
    .select({ day: gameBets.day, n: count(), stake: sum(gameBets.stake), payout: sum(gameBets.payout) })
    .from(gameBets)
    .where(and(...filter, inArray(gameBets.day, days)))
    .groupBy(gameBets.day)
    .orderBy(desc(gameBets.day));
  return rows.map((r) => {
    const stake = BigInt(r.stake ?? 0);
    return { day: r.day, betCount: r.n, stake: toMajor(stake), winLoss: toMajor(BigInt(r.payout ?? 0) - stake) };
  });
}
