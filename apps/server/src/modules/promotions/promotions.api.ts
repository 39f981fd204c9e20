// The public face of the `promotions` module: bonuses, promotion codes, the condition engine, turnover summaries
// (docs/design.md §4, §9.6). Other modules import only this file (eslint/server-boundaries.js); its routes and jobs are
// wired by promotions.module.ts (docs/decisions/0028-module-seams.md).
import type { Db, Tx } from '../../db/client.ts';
import { insertCondition, runningCondition } from './condition-engine.ts';
// the same read as an SQL condition, for a withdrawal request's one-trip script (docs/decisions/0051)
export { conditionRunningSql } from './condition-engine.ts';
import type { ConditionStart } from './condition-types.ts';
import { bangkokDate } from '../../lib/bangkok-time.ts';
import { dailyWinLoss, storeBets, type MemberWinLoss } from './turnover-summary.ts';

export type { MemberWinLoss } from './turnover-summary.ts';
// The member 360 page's bets per provider (docs/decisions/0034-member-360-and-exports.md).
export { memberBetsByGame } from './member-bets.ts';
// The reports page's bets per game provider (docs/decisions/0034-member-360-and-exports.md).
export { betsByGame } from './bets-by-game.ts';
export {
  chooseBonusForCredit,
  chooseDepositBonus,
  intentBonusOutcome,
  pendingDepositBonus,
  settleDepositBonus,
} from './deposit-bonus.ts';

/** A condition a claimed spin-wheel prize starts: base, turnover multiple, fail rule. */
export type PrizeCondition = {
  memberId: number;
  /** the claim's ledger transaction (the credited base) */
  transactionId: bigint;
  base: bigint;
  currency: string;
  turnoverMultiple: number;
  percentFail: number;
  /** what the condition is for, e.g. `spin:{couponId}` */
  source: string;
  /** when it starts (the caller's clock) */
  at: Date;
};

/**
 * Whether a promotion condition runs for the member, read in the caller's transaction (no coupon claim, no refund,
 * no second bonus while one runs: docs/design.md §4).
 */
export async function hasRunningCondition(tx: Tx, memberId: number): Promise<boolean> {
  return (await runningCondition(tx, memberId)) !== null;
}

/**
 * Whether a promotion condition (bonus, promotion code, refund, invite bonus, spin prize) runs for the member:
 * withdrawals are refused with BONUS_REMAINING while one runs (docs/design.md §4).
 */
export async function promotionConditionRunning(db: Db | Tx, memberId: number): Promise<boolean> {
  return (await runningCondition(db, memberId)) !== null;
}

/**
 * Start a condition in the caller's transaction. Throws BONUS_ALREADY_ACTIVE when another one runs (callers that
 * must answer another code, e.g. REFUND_CONDITION, check `hasRunningCondition` first). Idempotent by `sourceRef`.
 */
function startCondition(tx: Tx, start: ConditionStart): Promise<{ conditionId: number }> {
  return insertCondition(tx, start);
}

/** A refund or invite bonus moved into the wallet: its credit condition ("turn credit", docs/design.md §4). */
export type CreditCondition = {
  memberId: number;
  source: 'refund' | 'invite';
  /** the posting's idempotency key (the condition is idempotent by it) */
  sourceRef: string;
  transactionId: bigint;
  amount: bigint;
  currency: string;
  at: Date;
  successPercent: number;
  failPercent: number;
};

/** Start a credit condition on an amount moved into the wallet (see `startCondition`). */
export async function startCreditCondition(tx: Tx, c: CreditCondition): Promise<void> {
  await startCondition(tx, {
    memberId: c.memberId,
    source: c.source,
    sourceRef: c.sourceRef,
    transactionId: c.transactionId,
    bonus: c.amount,
    base: c.amount,
    currency: c.currency,
    at: c.at,
    successRule: 'credit',
    turnoverMultiple: 0,
    successPercent: c.successPercent,
    percentFail: c.failPercent,
  });
}

/** Start a spin-wheel bonus coupon's turnover condition (see `startCondition`). */
export async function startPrizeCondition(tx: Tx, prize: PrizeCondition): Promise<void> {
  await startCondition(tx, {
    memberId: prize.memberId,
    source: 'spin',
    sourceRef: prize.source,
    transactionId: prize.transactionId,
    bonus: prize.base,
    base: prize.base,
    currency: prize.currency,
    at: prize.at,
    successRule: 'turnover',
    turnoverMultiple: prize.turnoverMultiple,
    successPercent: 0,
    percentFail: prize.percentFail,
  });
}

/** Every member's valid bets and win/loss on one Bangkok day (`YYYY-MM-DD`), members with bets only. */
export function memberDailyWinLoss(db: Db | Tx, query: { day: string }): Promise<MemberWinLoss[]> {
  return dailyWinLoss(db, query.day);
}

/** A settled bet as a provider reports it (minor units; payout 0 for a lost bet). */
export type SettledBet = {
  game: string;
  betId: string;
  memberId: number;
  stake: bigint;
  payout: bigint;
  placedAt: Date;
};

/**
 * Record settled bets into the bet history and the daily summary, each (game, betId) once, as the turnover pull does
 * (the refunds demo seed records the demo member's loss of yesterday through it). Returns how many were new.
 */
export function recordBets(db: Db, bets: SettledBet[], pulledAt: Date): Promise<number> {
  const rows = bets.map((b) => ({ ...b, day: bangkokDate(b.placedAt), pulledAt }));
  return db.transaction((tx) => storeBets(tx, rows));
}
