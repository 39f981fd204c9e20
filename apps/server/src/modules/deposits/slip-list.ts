import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { slips } from '../../db/schema/deposits.ts';
import { toMajor } from '../ledger/ledger.api.ts';

/** POST /api/statement/slip: the member's slips, newest first (SPEC.md §3 slip row). */
export async function listSlips(db: Db, memberId: number, page: number, limit: number) {
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(slips)
    .where(eq(slips.memberId, memberId));
  const rows = await db
    .select()
    .from(slips)
    .where(eq(slips.memberId, memberId))
    .orderBy(desc(slips.createdAt))
    .limit(limit)
    .offset((Math.max(1, page) - 1) * limit);
  return {
    total: count?.n ?? 0,
    slips: rows.map((r) => ({
      createdAt: r.createdAt.toISOString(),
      amount: r.amount === null ? 0 : toMajor(r.amount),
      status: r.status,
      note: r.note ?? '',
      link: `/api/statement/slip/reference/${r.id}`,
      reference: r.id,
    })),
  };
}
