import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../db/pg-error.ts';
import { promotionConditions } from '../../db/schema/promotions.ts';
import { AppError } from '../../errors.ts';
import { emit } from '../../events/emit.ts';
import { percentOf, timesMultiple } from '../../lib/money-math.ts';
import { house, LEDGER_KINDS, LedgerService, lockMemberMoney, memberWallet } from '../ledger/ledger.api.ts';
import { balancesOf, forfeitOf, progressOf } from './condition-measures.ts';
import type { ConditionStart } from './condition-types.ts';

export { balancesOf, forfeitOf, overMaxBets, progressOf, totalBalance } from './condition-measures.ts';

export type ConditionRow = typeof promotionConditions.$inferSelect;
type EndStatus = 'success' | 'fail' | 'cancelled';

export async function runningCondition(db: Db | Tx, memberId: number): Promise<ConditionRow | null> {
  const [row] = await db
    .select()
    .from(promotionConditions)
    .where(and(eq(promotionConditions.memberId, memberId), eq(promotionConditions.status, 'running')));
  return row ?? null;
}

/** `runningCondition(…) !== null` as an SQL condition, read in a one-trip script (docs/decisions/0051). */
export function conditionRunningSql(memberId: number): SQL {
  return sql`exists (select 1 from ${promotionConditions}
    where ${promotionConditions.memberId} = ${memberId}::int and ${promotionConditions.status} = 'running')`;
}

/**
 * Insert a running condition (docs/design.md §4). Idempotent by `sourceRef`; a second running condition of the member is
 * BONUS_ALREADY_ACTIVE, also under a race (the partial unique index `promotion_conditions_running_uq`).
 */
export async function insertCondition(
  tx: Tx,
  start: ConditionStart & { name?: ConditionRow['name'] },
): Promise<{ conditionId: number }> {
  const [existing] = await tx
    .select({ id: promotionConditions.id })
    .from(promotionConditions)
    .where(eq(promotionConditions.sourceRef, start.sourceRef));
  if (existing) return { conditionId: existing.id };
  if (await runningCondition(tx, start.memberId)) throw new AppError('BONUS_ALREADY_ACTIVE');
  const target =
    start.successRule === 'turnover'
      ? timesMultiple(start.base, start.turnoverMultiple)
      : percentOf(start.base, start.successPercent);
  try {
    const [row] = await tx
      .insert(promotionConditions)
      .values({
        memberId: start.memberId,
        source: start.source,
        sourceRef: start.sourceRef,
        promotionId: start.promotionId ?? null,
        successRule: start.successRule,
        currency: start.currency,
        bonus: start.bonus,
        base: start.base,
        target,
        failBelow: percentOf(start.base, start.percentFail),
        percentFail: start.percentFail,
        maxWithdraw: start.maxWithdrawMultiple == null ? null : timesMultiple(start.base, start.maxWithdrawMultiple),
        maxBet: start.maxBet ?? null,
        transactionId: start.transactionId,
        name: start.name ?? null,
        startedAt: start.at,
      })
      .returning({ id: promotionConditions.id });
    if (!row) throw new Error('promotions: insert returned nothing');
    await emit(tx, {
      type: 'condition.changed',
      payload: { memberId: start.memberId, conditionId: String(row.id), status: 'running' },
    });
    return { conditionId: row.id };
  } catch (err) {
    if (pgErrorCode(err) === UNIQUE_VIOLATION) throw new AppError('BONUS_ALREADY_ACTIVE');
    throw err;
  }
}

/** Mark a running condition ended (once: a concurrent end finds it no longer running and changes nothing). */
async function endCondition(
  tx: Tx,
  c: ConditionRow,
  end: { status: EndStatus; at: Date; reason: string; progress?: bigint; forfeited?: bigint },
): Promise<boolean> {
  const rows = await tx
    .update(promotionConditions)
    .set({
      status: end.status,
      endedAt: end.at,
      endReason: end.reason,
      ...(end.progress === undefined ? {} : { progress: end.progress }),
      ...(end.forfeited === undefined ? {} : { forfeited: end.forfeited }),
    })
    .where(and(eq(promotionConditions.id, c.id), eq(promotionConditions.status, 'running')))
    .returning({ id: promotionConditions.id });
  if (rows.length === 0) return false;
  await emit(tx, {
    type: 'condition.changed',
    payload: { memberId: c.memberId, conditionId: String(c.id), status: end.status },
  });
  return true;
}

/** The status the rules give on the stored balances and bets (one snapshot). */
async function tentativeStatus(db: Db, c: ConditionRow): Promise<{ progress: bigint; status: ConditionRow['status'] }> {
  // one snapshot: a transfer settling between the reads would otherwise count its amount twice or not at all
  const { progress, balance } = await db.transaction((tx) => progressOf(tx, c), { isolationLevel: 'repeatable read' });
  const status: ConditionRow['status'] =
    progress >= c.target ? 'success' : c.failBelow > 0n && balance < c.failBelow ? 'fail' : 'running';
  return { progress, status };
}

/**
 * Evaluate the member's running condition: success (turnover or balance reached) or fail (total balance below the
 * threshold) ends it; otherwise its progress is stored. Returns the status after the evaluation, null when none ran.
 */
export async function evaluateCondition(
  db: Db,
  memberId: number,
  at: Date,
  /**
   * brings the member's stored game balances up to their last settled transfer (game-transfers'
   * `settleGameBalances`); false when they cannot be trusted now. A decision that reads balances waits for it.
   */
  settleBalances?: (memberId: number) => Promise<boolean>,
): Promise<ConditionRow['status'] | null> {
  const c = await runningCondition(db, memberId);
  if (!c) return null;
  // stale readings are read again first (a stale high one would hide a loss, a stale low one invent it)
  const settled = settleBalances ? await settleBalances(memberId) : true;
  const ruled = await tentativeStatus(db, c);
  const { progress } = ruled;
  // success by turnover reads bets only; a fail, success by balance or a capped success (maxWithdraw) must not rest
  // on a stale game reading
  const readsBalances =
    ruled.status === 'fail' || (ruled.status === 'success' && (c.successRule !== 'turnover' || c.maxWithdraw !== null));
  const status = readsBalances && !settled ? 'running' : ruled.status;
  if (status === 'running') {
    if (progress !== c.progress) {
      await db.update(promotionConditions).set({ progress }).where(eq(promotionConditions.id, c.id));
    }
    return 'running';
  }
  if (status === 'success' && c.maxWithdraw !== null) {
    if (await succeedCapped(db, c, c.maxWithdraw, { at, progress })) return 'success';
    if (progress !== c.progress) {
      await db.update(promotionConditions).set({ progress }).where(eq(promotionConditions.id, c.id));
    }
    return 'running';
  }
  const reason = status === 'success' ? c.successRule : 'balance below the fail threshold';
  const ended = await db.transaction((tx) => endCondition(tx, c, { status, at, reason, progress }));
  return ended ? status : 'running';
}

/**
 * Success of a condition whose promotion caps what the member keeps (maxWithdraw, docs/decisions/0020): what the
 * balance holds above the cap goes back to `house:promotion` as it ends (a `finish_bonus` posting). It ends so only
 * with the whole balance in the wallet: while money is in a game or on its way, the condition keeps running
 * (withdrawals stay blocked) and the next evaluation ends it — money coming back from a game is a ledger posting,
 * which evaluates.
 * Returns whether it ended now.
 */
async function succeedCapped(
  db: Db,
  c: ConditionRow,
  cap: bigint,
  end: { at: Date; progress: bigint },
): Promise<boolean> {
  const ledger = new LedgerService(db);
  try {
    return await ledger.transaction(async (tx) => {
      await lockMemberMoney(tx, c.memberId);
      const { wallet, total } = await balancesOf(tx, c.memberId, c.currency);
      // the whole balance must be back in the wallet: a stored game reading misses winnings made since the last
      // transfer, so money still in a game could hold more than it says
      if (total !== wallet) return false;
      const excess = wallet > cap ? wallet - cap : 0n;
      const reason = excess > 0n ? `${c.successRule}, capped at maxWithdraw` : c.successRule;
      const ended = await endCondition(tx, c, { status: 'success', ...end, reason, forfeited: excess });
      if (!ended || excess === 0n) return ended;
      await ledger.post(
        {
          kind: LEDGER_KINDS.finishBonus,
          currency: c.currency,
          memberId: c.memberId,
          idempotencyKey: `promo:condition:${c.id}:cap`,
          metadata: { conditionId: c.id, reason: 'maxWithdraw', cap: cap.toString() },
          postings: [
            { account: memberWallet(c.memberId), amount: -excess },
            { account: house('promotion', c.memberId), amount: excess },
          ],
        },
        tx,
      );
      return true;
    });
  } catch (err) {
    // the wallet was spent between the read and the posting (a transfer into a game): the next evaluation decides
    if (err instanceof AppError && err.code === 'MONEY_NOT_ENOUGH') return false;
    throw err;
  }
}

/**
 * Cancel the member's running condition (the player's /api/bonus/clear or an operator): the unplayed bonus — the
 * bonus, or the whole balance (wallet, games, money in flight) when that is less — goes back to `house:promotion`
 * (a `finish_bonus` posting), once. It is taken from the wallet: the caller first brings game balances back
 * (docs/decisions/0020-bonus-cancel-and-claim-rules.md); when the wallet still does not hold it (a transfer pending, a
 * provider that did not answer, money moved into a game meanwhile) nothing changes: BONUS_CANCEL_GAME_BALANCE.
 */
export async function cancelCondition(
  ledger: LedgerService,
  c: ConditionRow,
  end: { at: Date; reason: string },
  /** runs in the cancel's transaction (the operator's audit row) */
  alsoInTx?: (tx: Tx, forfeited: bigint) => Promise<void>,
): Promise<{ forfeited: bigint }> {
  return ledger.transaction(async (tx) => {
    // the member's money lock first (docs/decisions/0019): no claim or withdrawal decides between the reads and the post
    await lockMemberMoney(tx, c.memberId);
    const [locked] = await tx.select().from(promotionConditions).where(eq(promotionConditions.id, c.id)).for('update');
    if (!locked || locked.status !== 'running') throw new AppError('BONUS_CLEAR');
    const { wallet, total } = await balancesOf(tx, c.memberId, c.currency);
    const forfeited = forfeitOf(locked.bonus, total);
    if (forfeited > wallet) throw new AppError('BONUS_CANCEL_GAME_BALANCE');
    if (forfeited > 0n) {
      await ledger
        .post(
          {
            kind: LEDGER_KINDS.finishBonus,
            currency: c.currency,
            memberId: c.memberId,
            idempotencyKey: `promo:condition:${c.id}:forfeit`,
            metadata: { conditionId: c.id, reason: end.reason },
            postings: [
              { account: memberWallet(c.memberId), amount: -forfeited },
              { account: house('promotion', c.memberId), amount: forfeited },
            ],
          },
          tx,
        )
        .catch((err: unknown) => {
          // the wallet was spent between the read and the posting (a transfer into a game started meanwhile)
          if (err instanceof AppError && err.code === 'MONEY_NOT_ENOUGH')
            throw new AppError('BONUS_CANCEL_GAME_BALANCE');
          throw err;
        });
    }
    await endCondition(tx, locked, { status: 'cancelled', at: end.at, reason: end.reason, forfeited });
    await alsoInTx?.(tx, forfeited);
    return { forfeited };
  });
}

/** Members with a running condition (the turnover pull evaluates them after each pull). */
export async function membersWithRunningConditions(db: Db): Promise<number[]> {
  const rows = await db
    .select({ memberId: promotionConditions.memberId })
    .from(promotionConditions)
    .where(sql`${promotionConditions.status} = 'running'`);
  return rows.map((r) => r.memberId);
}
