// Reads of withdrawals for the back office's member 360 page, global search and CSV export
// (docs/decisions/0034-member-360-and-exports.md).
import { and, count, desc, eq, gte, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { WithdrawalStatus } from '@wallet/contract/limits';
import type { Db } from '../../db/client.ts';
import { withdrawals } from '../../db/schema/withdrawals.ts';
import type { Withdrawal } from './withdrawal.repository.ts';

export type WithdrawalFilter = { status?: WithdrawalStatus; from?: Date; to?: Date; memberId?: number };

const whereOf = (f: WithdrawalFilter): SQL | undefined =>
  and(
    f.status ? eq(withdrawals.status, f.status) : undefined,
    f.from ? gte(withdrawals.createdAt, f.from) : undefined,
    f.to ? lt(withdrawals.createdAt, f.to) : undefined,
    f.memberId ? eq(withdrawals.memberId, f.memberId) : undefined,
  );

/** One page of withdrawals matching the filter, newest first. */
export async function withdrawalPage(
  db: Db,
  filter: WithdrawalFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: Withdrawal[]; total: number }> {
  const where = whereOf(filter);
  const rows = await db
    .select()
    .from(withdrawals)
    .where(where)
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(withdrawals).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

/**
 * Every withdrawal matching the filter, oldest first, read in batches (keyset on created_at, id) so an export of
 * a long range never holds the whole list in memory.
 */
export async function* withdrawalsInBatches(
  db: Db,
  filter: WithdrawalFilter,
  batch = 500,
): AsyncGenerator<Withdrawal[]> {
  let after: { at: Date; id: string } | null = null;
  for (;;) {
    const rows: Withdrawal[] = await db
      .select()
      .from(withdrawals)
      .where(
        and(
          whereOf(filter),
          after
            ? or(
                sql`${withdrawals.createdAt} > ${after.at.toISOString()}`,
                and(eq(withdrawals.createdAt, after.at), sql`${withdrawals.id} > ${after.id}`),
              )
            : undefined,
        ),
      )
      .orderBy(withdrawals.createdAt, withdrawals.id)
      .limit(batch);
    if (rows.length === 0) return;
    yield rows;
    const last = rows[rows.length - 1]!;
    after = { at: last.createdAt, id: last.id };
    if (rows.length < batch) return;
  }
}

/** Withdrawals whose id, payout id or bank reference is exactly `term` (the global search). */
export function findWithdrawals(db: Db, term: string, limit: number): Promise<Withdrawal[]> {
  return db
    .select()
    .from(withdrawals)
    .where(or(eq(withdrawals.id, term), eq(withdrawals.payoutId, term), eq(withdrawals.bankRef, term)))
    .orderBy(desc(withdrawals.createdAt))
    .limit(limit);
}

/** Other members who were paid to a bank account number this member was paid to (linked members). */
export async function membersPaidToSameAccounts(db: Db, memberId: number, limit: number): Promise<number[]> {
  const mine = db
    .selectDistinct({ no: withdrawals.bankAccountNo })
    .from(withdrawals)
    .where(eq(withdrawals.memberId, memberId));
  const rows = await db
    .selectDistinct({ memberId: withdrawals.memberId })
    .from(withdrawals)
    .where(and(inArray(withdrawals.bankAccountNo, mine), ne(withdrawals.memberId, memberId)))
    .limit(limit);
  return rows.map((r) => r.memberId);
}

/**
 * Per reviewer, the withdrawals they decided in [from, to) (by review time) and the mean seconds from request to
 * decision: the reports page's time to decision.
 */
export async function decisionTimesByReviewer(
  db: Db,
  from: Date,
  to: Date,
): Promise<Array<{ reviewer: string; decided: number; meanSeconds: number }>> {
  const rows = await db
    .select({
      reviewer: withdrawals.reviewedBy,
      decided: count(),
      meanSeconds: sql<string>`coalesce(avg(extract(epoch from (${withdrawals.reviewedAt} - ${withdrawals.createdAt}))), 0)::text`,
    })
    .from(withdrawals)
    .where(
      and(
        sql`${withdrawals.reviewedBy} is not null`,
        gte(withdrawals.reviewedAt, from),
        lt(withdrawals.reviewedAt, to),
      ),
    )
    .groupBy(withdrawals.reviewedBy)
    .orderBy(withdrawals.reviewedBy);
  return rows.map((r) => ({
    reviewer: r.reviewer ?? '',
    decided: Number(r.decided),
    meanSeconds: Math.round(Number(r.meanSeconds)),
  }));
}
