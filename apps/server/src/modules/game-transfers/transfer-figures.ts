import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withRows } from '../../db/raw.ts';

export type ProviderDaySum = {
  day: string;
  game: string;
  direction: string;
  currency: string;
  amount: bigint;
  count: number;
};

/**
 * Settled game transfers per Bangkok calendar day (YYYY-MM-DD, by `settled_at`), provider and direction, in
 * [from, to): what really moved between the wallets and each game (pending or voided transfers moved nothing).
 */
export async function dailySettledTransfers(db: Db, from: Date, to: Date): Promise<ProviderDaySum[]> {
  const result = withRows<{
    day: string;
    game: string;
    direction: string;
    currency: string;
    amount: string;
    n: number;
  }>(
    await db.execute(sql`
    select to_char(settled_at at time zone 'Asia/Bangkok', 'YYYY-MM-DD') as day, game, direction, currency,
           sum(amount)::text as amount, count(*)::int as n
    from game_transfers
    where status = 'success' and settled_at >= ${from.toISOString()}::timestamptz
      and settled_at < ${to.toISOString()}::timestamptz
    group by 1, 2, 3, 4 order by 1, 2, 3, 4`),
  );
  return result.rows.map((r) => ({
    day: r.day,
    game: r.game,
    direction: r.direction,
    currency: r.currency,
    amount: BigInt(r.amount),
    count: Number(r.n),
  }));
}
