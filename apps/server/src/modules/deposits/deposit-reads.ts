import { and, count, desc, eq } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { deposits, type DepositChannel } from '../../db/schema/deposits.ts';
import { withRows } from '../../db/raw.ts';

export type RecentDeposit = {
  id: string;
  channel: DepositChannel;
  amount: bigint;
  currency: string;
  status: string;
  createdAt: Date;
};

/** A member's latest recorded deposits (credited, waiting for review or rejected), newest first. */
export async function recentDeposits(db: Db, memberId: number, limit = 5): Promise<RecentDeposit[]> {
  return db
    .select({
      id: deposits.id,
      channel: deposits.channel,
      amount: deposits.amount,
      currency: deposits.currency,
      status: deposits.status,
      createdAt: deposits.createdAt,
    })
    .from(deposits)
    .where(eq(deposits.memberId, memberId))
    .orderBy(desc(deposits.createdAt))
    .limit(limit);
}

export type DailyDepositSum = { day: string; currency: string; amount: bigint; count: number };

/** Credited deposits per Bangkok calendar day (YYYY-MM-DD) in [from, to), by the time they were credited. */
export async function dailyDepositSums(db: Db, from: Date, to: Date): Promise<DailyDepositSum[]> {
  const result = withRows<{ day: string; currency: string; amount: string; n: number }>(
    await db.execute(sql`
    select to_char(credited_at at time zone 'Asia/Bangkok', 'YYYY-MM-DD') as day, currency,
           sum(amount)::text as amount, count(*)::int as n
    from deposits
    where status = 'credited' and credited_at >= ${from.toISOString()}::timestamptz
      and credited_at < ${to.toISOString()}::timestamptz
    group by 1, 2 order by 1, 2`),
  );
  return result.rows.map((r) => ({ day: r.day, currency: r.currency, amount: BigInt(r.amount), count: Number(r.n) }));
}

/** Deposits waiting for an operator (manual notices, held late QR money): the dashboard's queue count. */
export async function countDepositsInReview(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(deposits)
    .where(and(eq(deposits.status, 'review')));
  return row?.n ?? 0;
}
