import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { sessions } from '../../db/schema/auth.ts';
import { emit } from '../../events/emit.ts';
import { withRows } from '../../db/raw.ts';

/** A member's session as the back office shows it (login history: every session, newest first). */
export type MemberSessionRow = {
  id: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  ip: string | null;
  userAgent: string | null;
};

export function memberSessionHistory(db: Db, memberId: number, limit: number): Promise<MemberSessionRow[]> {
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(eq(sessions.memberId, memberId))
    .orderBy(desc(sessions.createdAt))
    .limit(limit);
}

/**
 * Revoke one (`sessionId`) or every live session of a member inside the caller's transaction, emitting
 * `session.revoked` per session (which evicts the session caches of every process). Returns the revoked ids.
 */
export async function revokeMemberSessionsIn(
  tx: Tx,
  memberId: number,
  at: Date,
  reason: string,
  sessionId?: string,
): Promise<string[]> {
  const rows = await tx
    .update(sessions)
    .set({ revokedAt: at })
    .where(
      and(
        eq(sessions.memberId, memberId),
        isNull(sessions.revokedAt),
        sessionId === undefined ? sql`true` : eq(sessions.id, sessionId),
      ),
    )
    .returning({ id: sessions.id });
  for (const row of rows) {
    await emit(tx, { type: 'session.revoked', payload: { memberId, sessionId: row.id, reason } });
  }
  return rows.map((r) => r.id);
}

/** Distinct members who signed in (a session started) per Bangkok day in [from, to). */
export async function activeMembersByDay(db: Db, from: Date, to: Date): Promise<Map<string, number>> {
  const result = withRows<{ day: string; n: number }>(
    await db.execute(
      sql`select to_char(created_at at time zone 'Asia/Bangkok', 'YYYY-MM-DD') as day, count(distinct member_id)::int as n
        from sessions where created_at >= ${from.toISOString()}::timestamptz and created_at < ${to.toISOString()}::timestamptz
        group by 1`,
    ),
  );
  return new Map(result.rows.map((r) => [r.day, Number(r.n)]));
}

/** Session ids are credentials: the admin API names a session by its first characters only. */
export const SESSION_ID_SHOWN = 8;

/** The live session of the member whose id starts with `prefix` (exactly SESSION_ID_SHOWN characters), if one. */
export async function liveSessionIdByPrefix(
  db: Db | Tx,
  memberId: number,
  prefix: string,
): Promise<string | undefined> {
  if (prefix.length !== SESSION_ID_SHOWN) return undefined;
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.memberId, memberId), isNull(sessions.revokedAt)));
  const matching = rows.filter((r) => r.id.startsWith(prefix));
  return matching.length === 1 ? matching[0]?.id : undefined;
}
