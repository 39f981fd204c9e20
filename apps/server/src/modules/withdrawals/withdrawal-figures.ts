import type { WithdrawalStatus } from '@wallet/contract/limits';
import { asc, count, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withdrawals } from '../../db/schema/withdrawals.ts';
import { withRows } from '../../db/raw.ts';

/** The finance queue's states a person watches (paid and rejected ones are history). */
const QUEUE_STATES = ['pending_review', 'approved', 'paying', 'payout_failed'] as const;
export type WithdrawalQueueCounts = Record<(typeof QUEUE_STATES)[number], number>;

/** How many withdrawals wait in each open state (one grouped count). */
export async function withdrawalQueueCounts(db: Db): Promise<WithdrawalQueueCounts> {
  const rows = await db
    .select({ status: withdrawals.status, n: count() })
    .from(withdrawals)
    .where(inArray(withdrawals.status, [...QUEUE_STATES] as WithdrawalStatus[]))
    .groupBy(withdrawals.status);
  const counts: WithdrawalQueueCounts = { pending_review: 0, approved: 0, paying: 0, payout_failed: 0 };
  for (const r of rows) if (r.status in counts) counts[r.status as keyof WithdrawalQueueCounts] = Number(r.n);
  return counts;
}

export type DailyPaidSum = { day: string; currency: string; amount: bigint; count: number };

/**
 * Money out as paid: withdrawals the bank paid, per Bangkok calendar day (YYYY-MM-DD) we recorded the payment
 * (`updated_at` of a paid row, which changes no more; the bank's own `paid_at` runs on its clock), in [from, to).
 * A request, its hold and a payout still pending are not money out; a rejected one never was.
 */
export async function dailyPaidWithdrawals(db: Db, from: Date, to: Date): Promise<DailyPaidSum[]> {
  const result = withRows<{ day: string; currency: string; amount: string; n: number }>(
    await db.execute(sql`
    select to_char(updated_at at time zone 'Asia/Bangkok', 'YYYY-MM-DD') as day, currency,
           sum(amount)::text as amount, count(*)::int as n
    from withdrawals
    where status = 'paid' and updated_at >= ${from.toISOString()}::timestamptz
      and updated_at < ${to.toISOString()}::timestamptz
    group by 1, 2 order by 1, 2`),
  );
  return result.rows.map((r) => ({ day: r.day, currency: r.currency, amount: BigInt(r.amount), count: Number(r.n) }));
}

export type UnsettledPayout = {
  id: string;
  memberId: number;
  amount: bigint;
  currency: string;
  status: string;
  createdAt: Date;
};

/** Payouts the bank has not settled (approved, paying), oldest first: the reconciliation page's list. */
export async function unsettledPayouts(db: Db, limit: number): Promise<{ total: number; rows: UnsettledPayout[] }> {
  const open = inArray(withdrawals.status, ['approved', 'paying']);
  const [total, rows] = await Promise.all([
    db.select({ n: count() }).from(withdrawals).where(open),
    db
      .select({
        id: withdrawals.id,
        memberId: withdrawals.memberId,
        amount: withdrawals.amount,
        currency: withdrawals.currency,
        status: withdrawals.status,
        createdAt: withdrawals.createdAt,
      })
      .from(withdrawals)
      .where(open)
      .orderBy(asc(withdrawals.createdAt))
      .limit(limit),
  ]);
  return { total: Number(total[0]?.n ?? 0), rows };
}
