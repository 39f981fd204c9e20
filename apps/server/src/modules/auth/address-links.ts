import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema/auth.ts';

/**
 * Other members who signed in from an address (IP) this member signed in from, at any time, with the shared
 * addresses (at most 5 each): the member 360 page's linked members (docs/decisions/0034-member-360-and-exports.md).
 */
export async function membersSharingAddresses(
  db: Db,
  memberId: number,
  limit: number,
): Promise<Array<{ memberId: number; ips: string[] }>> {
  const other = alias(sessions, 'other_sessions');
  const rows = await db
    .select({
      memberId: other.memberId,
      ips: sql<string[]>`(array_agg(distinct ${other.ip} order by ${other.ip}))[1:5]`,
    })
    .from(sessions)
    .innerJoin(other, and(eq(other.ip, sessions.ip), ne(other.memberId, sessions.memberId)))
    .where(and(eq(sessions.memberId, memberId), isNotNull(sessions.ip)))
    .groupBy(other.memberId)
    .orderBy(other.memberId)
    .limit(limit);
  return rows.map((r) => ({ memberId: r.memberId, ips: r.ips ?? [] }));
}
