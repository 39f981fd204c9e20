// A condition's start as the claims describe it (promotions.api.ts re-exports it; condition-engine.ts stores it).

/** What started a condition (mirrors CONDITION_SOURCES of the admin contract). */
type ConditionSource = 'bonus' | 'code' | 'refund' | 'invite' | 'spin';

/**
 * A condition to start in the caller's transaction, right after the caller's ledger post credited `bonus`
 * (docs/design.md §4): success by `turnover` (valid bets since the start reach turnoverMultiple × base) or `credit`
 * (total balance reaches successPercent % × base); fail when the total balance drops below percentFail % × base.
 */
export type ConditionStart = {
  memberId: number;
  source: ConditionSource;
  /** unique per claim, e.g. `spin:{couponId}`, `refund:{refundId}`: starting twice with it is a no-op */
  sourceRef: string;
  /** the claim's ledger transaction (the credited bonus) */
  transactionId: bigint;
  /** the credited amount (what a cancel forfeits at most) */
  bonus: bigint;
  /** the condition's base: the bonus, plus the qualifying deposit for a deposit bonus */
  base: bigint;
  currency: string;
  /** when it starts (the caller's clock) */
  at: Date;
  successRule: 'turnover' | 'credit';
  turnoverMultiple: number;
  successPercent: number;
  percentFail: number;
  /** caps recorded for the operator */
  maxWithdrawMultiple?: number | null;
  maxBet?: bigint | null;
  /** the bonus or promotion code behind it (null for refunds, invites and spin prizes) */
  promotionId?: number | null;
};
