import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withRows } from '../../db/raw.ts';

export type RecentDepositRow = { memberId: number; channel: string; amount: bigint; status: string; createdAt: Date };

/** The latest `perMember` deposits of each of many members, newest first, in one query (the withdrawals queue). */
export async function recentDepositsOf(db: Db, memberIds: number[], perMember: number): Promise<RecentDepositRow[]> {
  if (memberIds.length === 0) return [];
  const result = withRows<{
    member_id: number;
    channel: string;
    amount: string;
    status: string;
    created_at: string | Date;
  }>(
    await db.execute(sql`
    select member_id, channel, amount::text as amount, status, created_at from (
      select *, row_number() over (partition by member_id order by created_at desc, id) as n
      from deposits where member_id in (${sql.join(memberIds, sql`, `)})
    ) d where n <= ${perMember} order by member_id, created_at desc, id`),
  );
  return result.rows.map((r) => ({
    memberId: Number(r.member_id),
    channel: r.channel,
    amount: BigInt(r.amount),
    status: r.status,
    createdAt: new Date(r.created_at),
  }));
}
