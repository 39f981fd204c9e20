import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { memberRiskFlags } from '../../db/schema/account.ts';

export type MemberRiskFlags = {
  flagged: boolean;
  flagReason: string | null;
  flaggedBy: string | null;
  flaggedAt: Date | null;
  payoutHold: boolean;
  holdReason: string | null;
  holdBy: string | null;
  holdAt: Date | null;
};

const NONE: MemberRiskFlags = {
  flagged: false,
  flagReason: null,
  flaggedBy: null,
  flaggedAt: null,
  payoutHold: false,
  holdReason: null,
  holdBy: null,
  holdAt: null,
};

/** The member's risk marks (all clear when none was ever set). */
export async function memberRiskFlagsOf(db: Db | Tx, memberId: number): Promise<MemberRiskFlags> {
  const [row] = await db.select().from(memberRiskFlags).where(eq(memberRiskFlags.memberId, memberId));
  if (!row) return { ...NONE };
  const { memberId: _id, updatedAt: _at, ...flags } = row;
  return flags;
}

/** Whether a payout of this member needs a person: flagged, or held by hand. */
export async function memberPayoutFlags(
  db: Db | Tx,
  memberId: number,
): Promise<{ flagged: boolean; payoutHold: boolean }> {
  const flags = await memberRiskFlagsOf(db, memberId);
  return { flagged: flags.flagged, payoutHold: flags.payoutHold };
}

/**
 * A member's payout hold is serialised with every step toward a payout by this advisory lock: placing or lifting the
 * hold takes it exclusively, `payoutHeldLocked` (approve, retry, the payout sender) shared. A payout step that runs
 * while a hold is being placed waits for it and then sees it; a hold placed later waits for the step to commit.
 */
const PAYOUT_HOLD_LOCK = 0x5048; // 'PH'

/**
 * Whether the member's payouts are on hold, read in the caller's transaction under the hold's shared lock: the
 * answer stays true until that transaction ends (nobody can lift the hold in between).
 */
export async function payoutHeldLocked(tx: Tx, memberId: number): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${PAYOUT_HOLD_LOCK}, ${memberId})`);
  const [row] = await tx
    .select({ held: memberRiskFlags.payoutHold })
    .from(memberRiskFlags)
    .where(eq(memberRiskFlags.memberId, memberId));
  return row?.held === true;
}

type Change = { by: string; at: Date; reason: string | null };

/**
 * Set or clear the risk flag or the payout hold inside the caller's transaction (the caller writes the audit row
 * with the returned before/after). The row is locked, so concurrent changes queue.
 */
export async function setMemberRiskMark(
  tx: Tx,
  memberId: number,
  mark: 'flag' | 'payoutHold',
  on: boolean,
  change: Change,
): Promise<{ before: MemberRiskFlags; after: MemberRiskFlags }> {
  if (mark === 'payoutHold') await tx.execute(sql`select pg_advisory_xact_lock(${PAYOUT_HOLD_LOCK}, ${memberId})`);
  await tx.insert(memberRiskFlags).values({ memberId, updatedAt: change.at }).onConflictDoNothing();
  const [locked] = await tx.select().from(memberRiskFlags).where(eq(memberRiskFlags.memberId, memberId)).for('update');
  if (!locked) throw new Error('member_risk_flags: row missing after insert');
  const before = await memberRiskFlagsOf(tx, memberId);
  const fields =
    mark === 'flag'
      ? on
        ? { flagged: true, flagReason: change.reason, flaggedBy: change.by, flaggedAt: change.at }
        : { flagged: false, flagReason: null, flaggedBy: null, flaggedAt: null }
      : on
        ? { payoutHold: true, holdReason: change.reason, holdBy: change.by, holdAt: change.at }
        : { payoutHold: false, holdReason: null, holdBy: null, holdAt: null };
  await tx
    .update(memberRiskFlags)
    .set({ ...fields, updatedAt: change.at })
    .where(eq(memberRiskFlags.memberId, memberId));
  return { before, after: { ...before, ...fields } };
}
