// The reports page's bets per game provider, from the stored bet history (docs/decisions/0034-member-360-and-exports.md).
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withRows } from '../../db/raw.ts';

type Row = { game: string; currency: string; bets: number; stake: string; payout: string };

/**
 * Settled bets placed in [start, end) per game and the bettors' wallet currency: how many, stakes and payouts (minor
 * units). The currency is the member's (a bet carries none), so a two-currency site never adds kip to baht.
 */
export async function betsByGame(
  db: Db,
  start: Date,
  end: Date,
): Promise<Array<{ game: string; currency: string; bets: number; stake: bigint; payout: bigint }>> {
  const result = await db.execute(sql`
    select b.game, m.currency, count(*)::int as bets, sum(b.stake)::text as stake, sum(b.payout)::text as payout
    from game_bets b join members m on m.id = b.member_id
    where b.placed_at >= ${start} and b.placed_at < ${end}
    group by b.game, m.currency`);
  return withRows<Row>(result).rows.map((r) => ({
    game: r.game,
    currency: r.currency,
    bets: Number(r.bets),
    stake: BigInt(r.stake ?? '0'),
    payout: BigInt(r.payout ?? '0'),
  }));
}
