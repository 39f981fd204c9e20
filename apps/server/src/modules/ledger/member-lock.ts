import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { withRows } from '../../db/raw.ts';
import type { TripStep } from './one-trip.ts';

/** The advisory-lock namespace of a member's money (first key of the two-key form; the member id is the second). */
const MEMBER_MONEY_LOCK = 0x4d4d; // 'MM'

/**
 * A request's idempotency key recorded with the lock (http/idempotency.ts `KeyedMove`, docs/decisions/0048):
 * `claimSql(after)` is an `insert … select … from <after> … returning id` that answers a row only when the key is
 * new; `conflict(tx)` is called when it answered none and throws the earlier request's answer.
 */
export type KeyWithLock = { claimSql(after: SQL): SQL; conflict(db: Db | Tx): Promise<never> };

/**
 * Serialise one member's money decisions (docs/decisions/0019): a withdrawal request and every claim that credits the
 * wallet and starts a condition take this lock as the FIRST statement of their transaction, before any account row,
 * and read what they decide on (running condition, payout account, cooling, daily limits) after it. Held until the
 * transaction ends; under READ COMMITTED the next statement's snapshot sees everything the previous holder committed.
 *
 * With `key`, the same statement then records the request's idempotency key in this transaction (after the lock:
 * the INSERT reads the lock's CTE, so the order is fixed); a key already answered throws that answer
 * (docs/decisions/0048-money-moves-fast-path.md).
 */
export async function lockMemberMoney(tx: Tx, memberId: number, key?: KeyWithLock | null): Promise<void> {
  const lock = lockSql(memberId);
  if (!key) {
    await tx.execute(lock);
    return;
  }
  const answer = await tx.execute(
    sql`with lock_taken as (${lock}), k as (${key.claimSql(sql`lock_taken`)}) select (select id from k) as key_id`,
  );
  const row = withRows<{ key_id: number | null }>(answer).rows[0];
  if (row?.key_id === null || row?.key_id === undefined) await key.conflict(tx);
}

const lockSql = (memberId: number) => sql`select pg_advisory_xact_lock(${MEMBER_MONEY_LOCK}::int, ${memberId}::int)`;

/**
 * `lockMemberMoney` as the first steps of a one-trip script (docs/decisions/0051-one-round-trip-money-moves.md): the
 * lock as a statement of its own, then (with `key`) the key's row, refused with KEY_ANSWERED when the key already has
 * an answer (the caller then calls `key.conflict`, which throws that answer). The steps after these read with
 * snapshots taken after the lock, as in a `lockMemberMoney` transaction.
 */
export function memberMoneyLockSteps(memberId: number, key?: KeyWithLock | null): TripStep[] {
  const steps: TripStep[] = [{ statement: lockSql(memberId) }];
  if (key) {
    steps.push({
      row: {
        with: sql`k as (${key.claimSql(sql`(select 1) as lock_taken`)})`,
        select: sql`(select count(*)::int from k) as claimed`,
      },
      refuse: [{ code: 'KEY_ANSWERED', when: 'trip_row.claimed = 0' }],
    });
  }
  return steps;
}
