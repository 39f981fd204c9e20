import { and, asc, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { withdrawals } from '../../db/schema/withdrawals.ts';
import { insertWhenPosted } from '../ledger/ledger.api.ts';
import type { WithdrawalStatus } from '@wallet/contract/limits';

export type Withdrawal = typeof withdrawals.$inferSelect;
type Patch = Partial<typeof withdrawals.$inferInsert>;

type NewWithdrawal = Omit<
  Withdrawal,
  'payoutAttempts' | 'inquiries' | 'bankRef' | 'rejectReason' | 'rejectNote' | 'lastError' | 'paidAt'
>;

/** A new withdrawal's row as `insertWithdrawalSql` stores it (the columns it leaves to their defaults filled in). */
export function newWithdrawal(row: NewWithdrawal): Withdrawal {
  return {
    ...row,
    payoutAttempts: 0,
    inquiries: 0,
    bankRef: null,
    rejectReason: null,
    rejectNote: null,
    lastError: null,
    paidAt: null,
  };
}

type Destination = Pick<Withdrawal, 'bankCode' | 'bankAccountNo' | 'bankAccountName'>;

/**
 * The INSERT of a new withdrawal, sent with its ledger hold in one statement (none on a replayed hold); `destination`
 * gives the payout account's columns as SQL read by that statement (a one-trip request, docs/decisions/0051).
 */
export function insertWithdrawalSql(row: Withdrawal, destination?: { [K in keyof Destination]: SQL }) {
  return insertWhenPosted(withdrawals, { ...row, ...destination });
}

/** The payout account a withdrawal copied, read back in the script that inserted it. */
export function destinationOfSql(id: string): SQL {
  return sql`select ${withdrawals.bankCode} as "bankCode", ${withdrawals.bankAccountNo} as "bankAccountNo",
      ${withdrawals.bankAccountName} as "bankAccountName"
    from ${withdrawals} where ${withdrawals.id} = ${id}::text`;
}

export async function findWithdrawal(db: Db | Tx, id: string): Promise<Withdrawal | undefined> {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
  return row;
}

/**
 * Move a withdrawal from one of `from` to a new state, only if it is still there: the conditional update every
 * transition goes through, so two operators, the reconciler and the request handler can race safely.
 */
export async function transition(
  db: Db | Tx,
  id: string,
  from: readonly WithdrawalStatus[],
  patch: Patch & { status?: WithdrawalStatus },
): Promise<Withdrawal | undefined> {
  const [row] = await db
    .update(withdrawals)
    .set(patch)
    .where(and(eq(withdrawals.id, id), inArray(withdrawals.status, [...from])))
    .returning();
  return row;
}

/**
 * True while the member's withdrawals since `since` that still count (all but rejected ones) leave room for one more
 * of `amount` under the daily limits: an SQL condition, read in the statement that inserts the withdrawal. A
 * cancelled request counts toward the number (request-and-cancel is bounded, README "Cancel") but not the amount.
 */
export function withinDailyLimits(
  memberId: number,
  since: Date,
  amount: bigint,
  limits: { count: number; total: bigint },
): SQL {
  return sql`(select count(*) < ${limits.count}::int
      and coalesce(sum(${withdrawals.amount}) filter (where ${withdrawals.status} <> 'cancelled'), 0) + ${amount}::bigint <= ${limits.total}::bigint
    from ${withdrawals}
    where ${withdrawals.memberId} = ${memberId}::int and ${withdrawals.createdAt} >= ${since.toISOString()}::timestamptz
      and ${withdrawals.status} <> 'rejected')`;
}

/** Rows in `status` last touched before `before`, oldest first (the payout reconciler's work). */
export function listStale(db: Db, status: WithdrawalStatus, before: Date, limit: number): Promise<Withdrawal[]> {
  return db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.status, status), lte(withdrawals.updatedAt, before)))
    .orderBy(asc(withdrawals.updatedAt))
    .limit(limit);
}

export function memberWithdrawals(db: Db, memberId: number, limit: number): Promise<Withdrawal[]> {
  return db
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.memberId, memberId))
    .orderBy(desc(withdrawals.createdAt))
    .limit(limit);
}
