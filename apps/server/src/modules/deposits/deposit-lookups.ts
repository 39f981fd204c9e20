// Reads of recorded deposits for the back office's member 360 page and global search
// (docs/decisions/0034-member-360-and-exports.md).
import { and, count, desc, eq, gte, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { deposits } from '../../db/schema/deposits.ts';

export type DepositRecord = typeof deposits.$inferSelect;

/** One page of a member's recorded deposits (credited, in review, rejected), newest first. */
export async function memberDepositPage(
  db: Db,
  memberId: number,
  filter: { from?: Date; to?: Date; limit: number; offset: number },
): Promise<{ rows: DepositRecord[]; total: number }> {
  const where = and(
    eq(deposits.memberId, memberId),
    filter.from ? gte(deposits.createdAt, filter.from) : undefined,
    filter.to ? lt(deposits.createdAt, filter.to) : undefined,
  );
  const rows = await db
    .select()
    .from(deposits)
    .where(where)
    .orderBy(desc(deposits.createdAt), desc(deposits.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const [total] = await db.select({ n: count() }).from(deposits).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Deposits whose id, reference or source (QR id, slip id) is exactly `term` (the global search). */
export function findDeposits(db: Db, term: string, limit: number): Promise<DepositRecord[]> {
  return db
    .select()
    .from(deposits)
    .where(or(eq(deposits.id, term), eq(deposits.reference, term), eq(deposits.sourceId, term)))
    .orderBy(desc(deposits.createdAt))
    .limit(limit);
}
