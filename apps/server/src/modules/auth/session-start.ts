import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema/auth.ts';

/**
 * When the member's signed-in session began (the server's row, so a reload or a renewed access token keeps it):
 * the reality check counts the time played from it (docs/responsible-play.md §6). Null for another member's id.
 */
export async function sessionStartedAt(db: Db, memberId: number, sessionId: string): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: sessions.createdAt })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.memberId, memberId)));
  return row?.createdAt ?? null;
}
