import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

/** The advisory-lock namespace of a member's money (first key of the two-key form; the member id is the second). */
const MEMBER_MONEY_LOCK = 0x4d4d; // 'MM'

/**
 * Serialise one member's money decisions (docs/decisions/0019): a withdrawal request and every claim that credits the
 * wallet and starts a condition take this lock as the FIRST statement of their transaction, before any account row,
 * and read what they decide on (running condition, payout account, cooling, daily limits) after it. Held until the
 * transaction ends; under READ COMMITTED the next statement's snapshot sees everything the previous holder committed.
 */
export async function lockMemberMoney(tx: Tx, memberId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${MEMBER_MONEY_LOCK}::int, ${memberId}::int)`);
}
