import { z } from 'zod';
import { AmountSchema, codeString, MoneySchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';

/** A Bangkok day, `YYYY-MM-DD`. */
const DaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** A signed amount (a win/loss), major units with at most 2 decimals. */
const SignedMoneySchema = z.number().finite();

export const BetHistoryQuerySchema = z
  .object({
    /** one game provider (the `game` of a bet), or all */
    game: codeString(32).min(1).optional(),
    from: DaySchema.optional(),
    to: DaySchema.optional(),
    /** the `nextCursor` of the previous page */
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(30),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from after to' });

/**
 * One settled bet as the turnover pull stored it (docs/decisions/0042-bets-and-bonus-at-deposit.md): `turnover` is
 * what it counted toward a bonus condition (0 when none ran, or its stake was above the bonus's max bet).
 */
export const BetRowSchema = z.object({
  game: z.string(),
  betId: z.string(),
  stake: MoneySchema,
  payout: MoneySchema,
  winLoss: SignedMoneySchema,
  placedAt: z.string(),
  day: DaySchema,
  turnover: MoneySchema,
  /** the bonus the turnover counted toward (the member's language), or null */
  bonusName: z.string().nullable(),
});
export type BetRow = z.infer<typeof BetRowSchema>;

/** The whole day's totals (every bet of that day within the filter, not only those on the page). */
export const BetDayTotalSchema = z.object({
  day: DaySchema,
  betCount: z.number().int(),
  stake: MoneySchema,
  winLoss: SignedMoneySchema,
  turnover: MoneySchema,
});
export type BetDayTotal = z.infer<typeof BetDayTotalSchema>;

export const BetHistorySchema = z.object({
  bets: z.array(BetRowSchema),
  /** the days of this page's bets, newest first */
  days: z.array(BetDayTotalSchema),
  /** the games the member has bets with (the filter's choices) */
  games: z.array(z.string()),
  nextCursor: z.string().nullable(),
});
export type BetHistory = z.infer<typeof BetHistorySchema>;

export const DepositBonusQuerySchema = z.object({ amount: z.coerce.number().pipe(AmountSchema) });

/**
 * A bonus the deposit sheet offers for the entered amount: what it would credit and its condition. `reason` says why
 * it cannot be chosen now (another bonus runs, receipts used up, amount below the minimum, the member already holds
 * more than its claim balance rule allows), null when it can.
 */
export const DepositBonusOptionSchema = z.object({
  code: z.string(),
  name: z.string(),
  bonus: MoneySchema,
  successRule: z.enum(['turnover', 'credit']),
  /** the turnover to make, or the total balance to reach */
  target: MoneySchema,
  minDeposit: MoneySchema,
  /** the most the member may hold besides this deposit to get it (docs/decisions/0020), null: no such rule */
  maxBalanceAtClaim: MoneySchema.nullable(),
  reason: z
    .enum(['BONUS_ALREADY_ACTIVE', 'BONUS_MAX_CLAIMED', 'DEPOSIT_BELOW_MINIMUM', 'BALANCE_ABOVE_MAX'])
    .nullable(),
});
export type DepositBonusOption = z.infer<typeof DepositBonusOptionSchema>;

/**
 * What became of the bonus chosen for a deposit, once it was credited (or held): claimed with `amount`, or skipped and
 * why (an error code such as BONUS_ALREADY_ACTIVE, NO_PROMOTION, a BONUS_CONDITION reason, or HELD_FOR_REVIEW).
 */
export const DepositBonusOutcomeSchema = z.object({
  outcome: z
    .object({
      name: z.string(),
      status: z.enum(['chosen', 'claimed', 'skipped']),
      reason: z.string().nullable(),
      amount: MoneySchema,
    })
    .nullable(),
});
export type DepositBonusOutcome = z.infer<typeof DepositBonusOutcomeSchema>;

export const betEndpoints = {
  history: defineEndpoint({
    method: 'GET',
    path: '/api/bets',
    access: 'member',
    query: BetHistoryQuerySchema,
    response: BetHistorySchema,
    summary: 'The member’s own settled bets, newest first (cursor pages), with day totals and bonus turnover',
  }),
  depositBonuses: defineEndpoint({
    method: 'GET',
    path: '/api/bonus/deposit',
    access: 'member',
    query: DepositBonusQuerySchema,
    response: z.array(DepositBonusOptionSchema),
    summary: 'Bonuses the member can choose for a deposit of this amount, with the bonus and its condition',
  }),
  depositBonusOutcome: defineEndpoint({
    method: 'GET',
    path: '/api/bonus/deposit/:depositId',
    access: 'member',
    params: z.object({ depositId: codeString(32).min(1) }),
    response: DepositBonusOutcomeSchema,
    summary: 'What became of the bonus chosen for one of the member’s own deposits (null: none was chosen)',
  }),
};
