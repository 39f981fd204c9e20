import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { memberPasskeys } from '../../db/schema/auth.ts';

/**
 * Every passkey of a member removed: a password reset (docs/decisions/0040-passkeys.md). Answers their names, for
 * the security event the account module writes.
 */
export async function removeMemberPasskeys(db: Db, memberId: number): Promise<string[]> {
  const rows = await db
    .delete(memberPasskeys)
    .where(eq(memberPasskeys.memberId, memberId))
    .returning({ name: memberPasskeys.name });
  return rows.map((row) => row.name);
}
