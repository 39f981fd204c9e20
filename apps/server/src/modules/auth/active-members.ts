import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { withRows } from '../../db/raw.ts';

/** Distinct members who opened a session in [from, to): a member active on several days counts once. */
export async function distinctActiveMembers(db: Db, from: Date, to: Date): Promise<number> {
  const result = withRows<{ n: number }>(
    await db.execute(
      sql`select count(distinct member_id)::int as n from sessions
        where created_at >= ${from.toISOString()}::timestamptz and created_at < ${to.toISOString()}::timestamptz`,
    ),
  );
  return Number(result.rows[0]?.n ?? 0);
}
