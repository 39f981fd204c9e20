// The public face of the `promotions` module: bonuses, promotion codes, the condition engine, turnover summaries (DESIGN.md §9.6).
// The module's issue adds its tables, services and module factory here, and other modules import only this file
// (eslint/server-boundaries.js). Until then it holds the two calls the spin wheel makes (issue 13).
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';

/** A condition a claimed prize starts (DESIGN.md §4 promotion conditions): base, turnover multiple, fail rule. */
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
};

/**
 * Whether a promotion condition is running for the member (DESIGN.md §4: then no coupon claim, BONUS_REMAINING).
 * The promotions issue fills this in; until the condition engine exists no condition can be running.
 */
export async function hasRunningCondition(_tx: Tx, _memberId: number): Promise<boolean> {
  return false;
}

/**
 * Start a condition in the caller's transaction (a spin-wheel bonus coupon's claim). The promotions issue fills this
 * in; until then it refuses, so the claim rolls back and no bonus is credited without its condition.
 */
export async function startPrizeCondition(_tx: Tx, _condition: PrizeCondition): Promise<void> {
  throw new AppError('NOT_IMPLEMENTED');
}

/**
 * Whether a promotion condition (bonus, promotion code, refund, invite bonus, spin prize) is running for the member:
 * withdrawals are refused with BONUS_REMAINING while one runs (DESIGN.md §4). Until the promotions issue lands there
 * are no conditions, so this answers "none running"; that issue replaces the body with the real check.
 */
export async function promotionConditionRunning(_db: Db | Tx, _memberId: number): Promise<boolean> {
  return false;
}
