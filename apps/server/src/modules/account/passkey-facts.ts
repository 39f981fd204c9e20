import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { members, memberSecurityEvents } from '../../db/schema/account.ts';

/**
 * What the auth module's passkeys read of a member and write to their security history
 * (docs/decisions/0040-passkeys.md): the member behind a phone, the password hash a step-up checks, and the
 * `member_security_events` row each passkey change or sign-in leaves, in the caller's transaction.
 */
export async function passkeyMember(
  db: Db | Tx,
  by: { phone: string } | { id: number },
): Promise<{ id: number; username: string; name: string; status: string; passwordHash: string } | undefined> {
  const [row] = await db
    .select({
      id: members.id,
      username: members.username,
      name: members.name,
      status: members.status,
      passwordHash: members.passwordHash,
    })
    .from(members)
    .where('phone' in by ? eq(members.username, by.phone) : eq(members.id, by.id));
  return row;
}

export async function recordSecurityEvent(
  db: Db | Tx,
  memberId: number,
  event: { kind: string; detail: Record<string, unknown>; ip: string | null; sessionId: string | null },
  at: Date,
): Promise<void> {
  await db.insert(memberSecurityEvents).values({ memberId, ...event, createdAt: at });
}
