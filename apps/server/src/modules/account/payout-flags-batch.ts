import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { memberRiskFlags } from '../../db/schema/account.ts';

/** The payout flags of many members in one read (the withdrawals queue's page); a member with no row has none. */
export async function payoutFlagsOf(
  db: Db,
  memberIds: number[],
): Promise<Map<number, { flagged: boolean; payoutHold: boolean }>> {
  const out = new Map(memberIds.map((id) => [id, { flagged: false, payoutHold: false }]));
  if (memberIds.length === 0) return out;
  const rows = await db
    .select({
      memberId: memberRiskFlags.memberId,
      flagged: memberRiskFlags.flagged,
      payoutHold: memberRiskFlags.payoutHold,
    })
    .from(memberRiskFlags)
    .where(inArray(memberRiskFlags.memberId, memberIds));
  for (const r of rows) out.set(r.memberId, { flagged: r.flagged, payoutHold: r.payoutHold });
  return out;
}
