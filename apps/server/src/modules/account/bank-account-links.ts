import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { members } from '../../db/schema/account.ts';

/**
 * Other members whose payout bank account number is this member's: the member 360 page's linked members
 * (docs/decisions/0034-member-360-and-exports.md).
 */
export async function membersWithSameBankAccount(db: Db, memberId: number, limit: number): Promise<number[]> {
  const [me] = await db.select({ no: members.bankAccountNo }).from(members).where(eq(members.id, memberId));
  if (!me?.no) return [];
  const rows = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.bankAccountNo, me.no), ne(members.id, memberId)))
    .orderBy(members.id)
    .limit(limit);
  return rows.map((r) => r.id);
}
