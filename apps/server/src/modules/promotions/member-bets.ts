// The member 360 page's bets per provider, from the stored bet history (docs/decisions/0034-member-360-and-exports.md).
import { and, count, eq, gte, lt, sum } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { gameBets } from '../../db/schema/promotions.ts';

/** One member's settled bets per game placed in [from, to): how many, stakes and payouts (minor units). */
export async function memberBetsByGame(
  db: Db,
  memberId: number,
  range: { from?: Date; to?: Date },
): Promise<Array<{ game: string; bets: number; stake: bigint; payout: bigint }>> {
  const rows = await db
    .select({ game: gameBets.game, bets: count(), stake: sum(gameBets.stake), payout: sum(gameBets.payout) })
    .from(gameBets)
    .where(
      and(
        eq(gameBets.memberId, memberId),
        range.from ? gte(gameBets.placedAt, range.from) : undefined,
        range.to ? lt(gameBets.placedAt, range.to) : undefined,
      ),
    )
    .groupBy(gameBets.game);
  return rows.map((r) => ({
    game: r.game,
    bets: Number(r.bets),
    stake: BigInt(r.stake ?? 0),
    payout: BigInt(r.payout ?? 0),
  }));
}
