import { eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { members } from '../../db/schema/account.ts';

/** What the referral module compares to tell a real invite from a self-referral (docs/design.md §9.6). */
export type ReferralFacts = {
  id: number;
  name: string;
  /** the phone number */
  username: string;
  currency: string;
  bankCode: string;
  bankAccountNo: string;
  bankAccountName: string;
  /** the member whose `PR{id}` code they registered with */
  inviterId: number | null;
  createdAt: Date;
};

/** The facts of the given members (unknown ids are left out). */
export async function referralFacts(db: Db | Tx, ids: number[]): Promise<Map<number, ReferralFacts>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: members.id,
      name: members.name,
      username: members.username,
      currency: members.currency,
      bankCode: members.bankCode,
      bankAccountNo: members.bankAccountNo,
      bankAccountName: members.bankAccountName,
      inviterId: members.inviterId,
      createdAt: members.createdAt,
    })
    .from(members)
    .where(inArray(members.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/** A member's id by username (phone), or null (the demo seed finds the demo member). */
export async function memberIdByUsername(db: Db | Tx, username: string): Promise<number | null> {
  const [row] = await db.select({ id: members.id }).from(members).where(eq(members.username, username));
  return row?.id ?? null;
}
