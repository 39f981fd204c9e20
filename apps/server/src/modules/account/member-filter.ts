// The money lists' member filter (withdrawals, deposits and their CSV export; docs/operator-console.md): one text
// that is a member id or a username (a phone number), already reduced to [0-9A-Za-z_.] by the contract.
import { eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { members } from '../../db/schema/account.ts';

/** The ids of the members a list's member filter names: the member with that id and the one with that username. */
export async function memberIdsMatching(db: Db, filter: string): Promise<number[]> {
  const byId = /^\d{1,9}$/.test(filter) && Number(filter) <= 2_147_483_647 ? Number(filter) : null;
  const rows = await db
    .select({ id: members.id })
    .from(members)
    .where(byId === null ? eq(members.username, filter) : or(eq(members.id, byId), eq(members.username, filter)));
  return rows.map((r) => r.id);
}
