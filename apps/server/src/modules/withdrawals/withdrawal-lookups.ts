// Reads of withdrawals for the back office's member 360 page, global search and CSV export
// (docs/decisions/0034-member-360-and-exports.md).
import { and, asc, count, desc, eq, gte, inArray, lt, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { WithdrawalSort } from '@wallet/contract/admin/withdrawals';
import type { WithdrawalStatus } from '@wallet/contract/limits';
import type { Db } from '../../db/client.ts';
import { withdrawals } from '../../db/schema/withdrawals.ts';
import type { Withdrawal } from './withdrawal.repository.ts';

export type WithdrawalFilter = {
  status?: WithdrawalStatus;
  from?: Date;
  to?: Date;
  memberId?: number;
  /** the members a list's member filter matched (none: no row) */
  memberIds?: number[];
};

/** A list's order: a whitelisted key of the contract and a direction (`queue` has its own fixed order). */
export type WithdrawalOrder = { sort: WithdrawalSort; dir: 'asc' | 'desc' };

const whereOf = (f: WithdrawalFilter): SQL | undefined =>
  and(
    f.status ? eq(withdrawals.status, f.status) : undefined,
    f.from ? gte(withdrawals.createdAt, f.from) : undefined,
    f.to ? lt(withdrawals.createdAt, f.to) : undefined,
    f.memberId ? eq(withdrawals.memberId, f.memberId) : undefined,
    f.memberIds ? (f.memberIds.length > 0 ? inArray(withdrawals.memberId, f.memberIds) : sql`false`) : undefined,
  );

/** The finance queue's order: failed payouts (money promised and not paid), pending review, paying, approved, rest. */
const QUEUE_RANKS: Record<string, number> = { payout_failed: 0, pending_review: 1, paying: 2, approved: 3 };
const QUEUE_RANK = sql`case ${withdrawals.status} when 'payout_failed' then 0 when 'pending_review' then 1 when 'paying' then 2 when 'approved' then 3 else 4 end`;

type Key = { column: SQL | AnyColumn; of: (w: Withdrawal) => SQL };
const CREATED: Key = { column: withdrawals.createdAt, of: (w) => sql`${w.createdAt.toISOString()}::timestamptz` };
const ID: Key = { column: withdrawals.id, of: (w) => sql`${w.id}` };
/** Each sort key's columns, ending with the creation time and id so the order is total (stable pages, keyset). */
const KEYS: Record<WithdrawalSort, Key[]> = {
  queue: [{ column: QUEUE_RANK, of: (w) => sql`${QUEUE_RANKS[w.status] ?? 4}::int` }, CREATED, ID],
  createdAt: [CREATED, ID],
  amount: [{ column: withdrawals.amount, of: (w) => sql`${w.amount.toString()}::bigint` }, CREATED, ID],
  status: [{ column: withdrawals.status, of: (w) => sql`${w.status}` }, CREATED, ID],
};
/** every key in one direction (a row comparison is the keyset); the queue is always read in its own order */
const dirOf = (order: WithdrawalOrder) => (order.sort === 'queue' ? 'asc' : order.dir);
const orderBy = (order: WithdrawalOrder) =>
  KEYS[order.sort].map((k) => (dirOf(order) === 'asc' ? asc : desc)(k.column));
const after = (order: WithdrawalOrder, last: Withdrawal): SQL => {
  const keys = KEYS[order.sort];
  const columns = sql.join(
    keys.map((k) => sql`${k.column}`),
    sql`, `,
  );
  const values = sql.join(
    keys.map((k) => k.of(last)),
    sql`, `,
  );
  return dirOf(order) === 'asc' ? sql`(${columns}) > (${values})` : sql`(${columns}) < (${values})`;
};

/** One page of the back office's withdrawals list: the filter, in the chosen order. */
export async function listWithdrawals(
  db: Db,
  filter: WithdrawalFilter,
  order: WithdrawalOrder,
  page: { limit: number; offset: number },
): Promise<{ rows: Withdrawal[]; total: number }> {
  const where = whereOf(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(withdrawals)
      .where(where)
      .orderBy(...orderBy(order))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(withdrawals).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

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
 * Every withdrawal matching the filter in the list's order (oldest first by default), read in batches (keyset on the
 * order's columns, which end with created_at and id) so an export of a long range never holds the whole list in memory.
 */
export async function* withdrawalsInBatches(
  db: Db,
  filter: WithdrawalFilter,
  order: WithdrawalOrder = { sort: 'createdAt', dir: 'asc' },
  batch = 500,
): AsyncGenerator<Withdrawal[]> {
  let last: Withdrawal | null = null;
  for (;;) {
    const rows: Withdrawal[] = await db
      .select()
      .from(withdrawals)
      .where(and(whereOf(filter), last ? after(order, last) : undefined))
      .orderBy(...orderBy(order))
      .limit(batch);
    if (rows.length === 0) return;
    yield rows;
    last = rows[rows.length - 1]!;
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
