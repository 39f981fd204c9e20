import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { sessions } from '../../db/schema/auth.ts';

/**
 * The addresses (IP) two members both signed in from, each session's life (created … last seen) within `windowMs`
 * of the other's, whatever the browser: one line shared by two accounts, as with a self-referral from a second
 * browser (the referral module's signal). Sorted, distinct.
 */
export async function sharedSessionAddresses(db: Db | Tx, a: number, b: number, windowMs: number): Promise<string[]> {
  const other = alias(sessions, 'other_sessions');
  const window = sql`(${Math.floor(windowMs / 1000)}::int * interval '1 second')`;
  const rows = await db
    .selectDistinct({ ip: sessions.ip })
    .from(sessions)
    .innerJoin(other, and(eq(other.ip, sessions.ip), eq(other.memberId, b)))
    .where(
      and(
        eq(sessions.memberId, a),
        isNotNull(sessions.ip),
        sql`${sessions.createdAt} <= ${other.lastSeenAt} + ${window}`,
        sql`${other.createdAt} <= ${sessions.lastSeenAt} + ${window}`,
      ),
    );
  return rows.flatMap((r) => (r.ip ? [r.ip] : [])).sort();
}
