import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withRows } from '../../db/raw.ts';

export type ChannelDaySum = { day: string; channel: string; currency: string; amount: bigint; count: number };

/**
 * Credited deposits per Bangkok calendar day (YYYY-MM-DD, by `credited_at`) and channel, in [from, to): money in as
 * it reached the wallets (a notice in review or a rejected one is not money in).
 */
export async function dailyDepositsByChannel(db: Db, from: Date, to: Date): Promise<ChannelDaySum[]> {
  const result = withRows<{ day: string; channel: string; currency: string; amount: string; n: number }>(
    await db.execute(sql`
    select to_char(credited_at at time zone 'Asia/Bangkok', 'YYYY-MM-DD') as day, channel, currency,
           sum(amount)::text as amount, count(*)::int as n
    from deposits
    where status = 'credited' and credited_at >= ${from.toISOString()}::timestamptz
      and credited_at < ${to.toISOString()}::timestamptz
    group by 1, 2, 3 order by 1, 2, 3`),
  );
  return result.rows.map((r) => ({
    day: r.day,
    channel: r.channel,
    currency: r.currency,
    amount: BigInt(r.amount),
    count: Number(r.n),
  }));
}
