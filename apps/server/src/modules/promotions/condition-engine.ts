import { and, eq, gte, sql, sum } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../db/pg-error.ts';
import { gameBets, promotionConditions } from '../../db/schema/promotions.ts';
import { AppError } from '../../errors.ts';
import { emit } from '../../events/emit.ts';
import { listGameAccounts } from '../game-accounts/game-accounts.api.ts';
import { inFlightToGame } from '../game-transfers/game-transfers.api.ts';
import { house, LEDGER_KINDS, LedgerService, memberWallet } from '../ledger/ledger.api.ts';
import type { ConditionStart } from './promotions.api.ts';

export type ConditionRow = typeof promotionConditions.$inferSelect;
type EndStatus = 'success' | 'fail' | 'cancelled';

/** `percent` % of `amount`, rounded down to a minor unit (percentages carry at most 2 decimals). */
const percentOf = (amount: bigint, percent: number): bigint => (amount * BigInt(Math.round(percent * 100))) / 10_000n;

export async function runningCondition(db: Db | Tx, memberId: number): Promise<ConditionRow | null> {
  const [row] = await db
    .select()
    .from(promotionConditions)
    .where(and(eq(promotionConditions.memberId, memberId), eq(promotionConditions.status, 'running')));
  return row ?? null;
}

/**
 * Insert a running condition (DESIGN.md §4). Idempotent by `sourceRef`; a second running condition of the member is
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
      ? (start.base * BigInt(Math.round(start.turnoverMultiple * 100))) / 100n
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
        maxWithdraw:
          start.maxWithdrawMultiple == null
            ? null
            : (start.base * BigInt(Math.round(start.maxWithdrawMultiple * 100))) / 100n,
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

/**
 * Wallet plus the last known balance of every game account (DESIGN.md §4 "total balance"), plus money in flight to a
 * game: between a transfer's hold and its settlement the amount is in neither the wallet nor the stored game balance,
 * and a player who moves everything into a game must not look broke (and fail the condition) meanwhile.
 */
export async function totalBalance(db: Db | Tx, memberId: number, currency: string): Promise<bigint> {
  const wallet = await new LedgerService(db as Db).balance(memberWallet(memberId), currency, db as Tx);
  const inFlight = await inFlightToGame(db, memberId);
  const games = await listGameAccounts(db, memberId);
  return games.reduce((total, account) => total + account.balance, wallet + inFlight);
}

/** Valid bets of the member placed since `since` (the turnover pull's `game_bets`). */
async function turnoverSince(db: Db | Tx, memberId: number, since: Date): Promise<bigint> {
  const [row] = await db
    .select({ total: sum(gameBets.stake) })
    .from(gameBets)
    .where(and(eq(gameBets.memberId, memberId), gte(gameBets.placedAt, since)));
  return BigInt(row?.total ?? 0);
}

/** Progress toward the success rule: turnover made, or the total balance. */
export async function progressOf(db: Db | Tx, c: ConditionRow): Promise<{ progress: bigint; balance: bigint }> {
  const balance = await totalBalance(db, c.memberId, c.currency);
  const progress = c.successRule === 'turnover' ? await turnoverSince(db, c.memberId, c.startedAt) : balance;
  return { progress, balance };
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

/**
 * Evaluate the member's running condition: success (turnover or balance reached) or fail (total balance below the
 * threshold) ends it; otherwise its progress is stored. Returns the status after the evaluation, null when none ran.
 */
export async function evaluateCondition(db: Db, memberId: number, at: Date): Promise<ConditionRow['status'] | null> {
  const c = await runningCondition(db, memberId);
  if (!c) return null;
  // one snapshot: a transfer settling between the reads would otherwise count its amount twice or not at all
  const { progress, balance } = await db.transaction((tx) => progressOf(tx, c), { isolationLevel: 'repeatable read' });
  const status: ConditionRow['status'] =
    progress >= c.target ? 'success' : c.failBelow > 0n && balance < c.failBelow ? 'fail' : 'running';
  if (status === 'running') {
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
 * Cancel the member's running condition (the player's /api/bonus/clear or an operator): the unplayed bonus — the
 * bonus, or what is left of it in the wallet — goes back to `house:promotion` (a `finish_bonus` posting), once.
 */
export async function cancelCondition(
  ledger: LedgerService,
  c: ConditionRow,
  end: { at: Date; reason: string },
  /** runs in the cancel's transaction (the operator's audit row) */
  alsoInTx?: (tx: Tx, forfeited: bigint) => Promise<void>,
): Promise<{ forfeited: bigint }> {
  return ledger.transaction(async (tx) => {
    const [locked] = await tx.select().from(promotionConditions).where(eq(promotionConditions.id, c.id)).for('update');
    if (!locked || locked.status !== 'running') throw new AppError('BONUS_CLEAR');
    const wallet = await ledger.balance(memberWallet(c.memberId), c.currency, tx);
    const forfeited = wallet < locked.bonus ? wallet : locked.bonus;
    if (forfeited > 0n) {
      await ledger.post(
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
      );
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
