import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { members } from './account.ts';

type Localized = { th: string; la: string; en: string };
export type PromotionBanner = { image: string; html: string };

/** A bonus (listed to players) or a promotion code (typed by the player): terms of the claim and its condition. */
export const promotions = pgTable(
  'promotions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: ['bonus', 'code'] }).notNull(),
    code: text('code').notNull(),
    name: jsonb('name').$type<Localized>().notNull(),
    description: jsonb('description').$type<Localized>().notNull(),
    /** receive limit: limit (ever), day, week (Asia/Bangkok) */
    type: text('type', { enum: ['limit', 'day', 'week'] }).notNull(),
    maxReceived: integer('max_received').notNull(),
    percent: doublePrecision('percent').notNull(),
    /** minor units of the member's currency */
    minDeposit: bigint('min_deposit', { mode: 'bigint' }).notNull(),
    maxAmount: bigint('max_amount', { mode: 'bigint' }).notNull(),
    successRule: text('success_rule', { enum: ['turnover', 'credit'] }).notNull(),
    turnoverMultiple: doublePrecision('turnover_multiple').notNull(),
    successPercent: doublePrecision('success_percent').notNull(),
    percentFail: doublePrecision('percent_fail').notNull(),
    maxWithdrawMultiple: doublePrecision('max_withdraw_multiple'),
    maxBet: bigint('max_bet', { mode: 'bigint' }),
    /**
     * a claim is refused while the member holds more than this (wallet + games + money in flight, the qualifying
     * deposit not counted); null: no limit (docs/decisions/0020-bonus-cancel-and-claim-rules.md)
     */
    maxBalanceAtClaim: bigint('max_balance_at_claim', { mode: 'bigint' }).default(sql`500`),
    isActive: boolean('is_active').notNull().default(true),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    banners: jsonb('banners').$type<PromotionBanner[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('promotions_code_uq').on(t.code)],
);

/**
 * A condition on a member (docs/design.md §4): started by a claim, ended by success, fail or cancel. At most one runs per
 * member (partial unique index): concurrent claims cannot both start one.
 */
export const promotionConditions = pgTable(
  'promotion_conditions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    source: text('source', { enum: ['bonus', 'code', 'refund', 'invite', 'spin'] }).notNull(),
    /** unique per claim (`promo:{id}:{period}:{n}`, `spin:{couponId}`…) */
    sourceRef: text('source_ref').notNull(),
    promotionId: integer('promotion_id').references(() => promotions.id),
    status: text('status', { enum: ['running', 'success', 'fail', 'cancelled'] })
      .notNull()
      .default('running'),
    successRule: text('success_rule', { enum: ['turnover', 'credit'] }).notNull(),
    currency: text('currency').notNull(),
    bonus: bigint('bonus', { mode: 'bigint' }).notNull(),
    base: bigint('base', { mode: 'bigint' }).notNull(),
    /** turnover to reach, or the total balance to reach */
    target: bigint('target', { mode: 'bigint' }).notNull(),
    /** a total balance below this fails it */
    failBelow: bigint('fail_below', { mode: 'bigint' }).notNull(),
    /** the progress seen at the last evaluation (turnover made, or total balance) */
    progress: bigint('progress', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    percentFail: doublePrecision('percent_fail').notNull(),
    maxWithdraw: bigint('max_withdraw', { mode: 'bigint' }),
    maxBet: bigint('max_bet', { mode: 'bigint' }),
    /** the claim's ledger transaction */
    transactionId: bigint('transaction_id', { mode: 'bigint' }).notNull(),
    /** money taken back by a cancel */
    forfeited: bigint('forfeited', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** the name the statement shows (the bonus's, in th/la/en) */
    name: jsonb('name').$type<Localized>(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason'),
  },
  (t) => [
    uniqueIndex('promotion_conditions_source_uq').on(t.sourceRef),
    uniqueIndex('promotion_conditions_running_uq')
      .on(t.memberId)
      .where(sql`${t.status} = 'running'`),
    index('promotion_conditions_member_idx').on(t.memberId, t.startedAt),
    index('promotion_conditions_promotion_idx').on(t.promotionId, t.startedAt),
  ],
);

/** One receipt of a bonus or promotion code; `period` is `limit`, `day:2026-11-23` or `week:2026-11-23`. */
export const promotionClaims = pgTable(
  'promotion_claims',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    period: text('period').notNull(),
    /** 1 … maxReceived within the period */
    seq: integer('seq').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    conditionId: integer('condition_id')
      .notNull()
      .references(() => promotionConditions.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('promotion_claims_period_uq').on(t.promotionId, t.memberId, t.period, t.seq),
    index('promotion_claims_member_idx').on(t.memberId, t.createdAt),
  ],
);

/** Every settled bet pulled from a provider's history, once per (game, provider bet id). */
export const gameBets = pgTable(
  'game_bets',
  {
    game: text('game').notNull(),
    betId: text('bet_id').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    stake: bigint('stake', { mode: 'bigint' }).notNull(),
    payout: bigint('payout', { mode: 'bigint' }).notNull(),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull(),
    /** the Bangkok day of placedAt */
    day: text('day').notNull(),
    pulledAt: timestamp('pulled_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.game, t.betId] }), index('game_bets_member_idx').on(t.memberId, t.placedAt)],
);

/** Per member and Bangkok day: valid bets (turnover) and win/loss (payouts − stakes), summed from `game_bets`. */
export const memberTurnoverDaily = pgTable(
  'member_turnover_daily',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    day: text('day').notNull(),
    validBets: bigint('valid_bets', { mode: 'bigint' }).notNull(),
    winLoss: bigint('win_loss', { mode: 'bigint' }).notNull(),
    betCount: integer('bet_count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.day] }), index('member_turnover_daily_day_idx').on(t.day)],
);

/** How far the turnover pull has read each game's bet history (it re-reads an overlap; bet ids dedupe). */
export const turnoverCursors = pgTable('turnover_cursors', {
  game: text('game').primaryKey(),
  pulledUntil: timestamp('pulled_until', { withTimezone: true }).notNull(),
});

/**
 * A bonus the member chose on the deposit sheet for one deposit intent (a QR), claimed when that deposit is credited,
 * in the crediting transaction, or skipped with the reason (docs/decisions/0042-bets-and-bonus-at-deposit.md).
 */
export const depositBonusChoices = pgTable(
  'deposit_bonus_choices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    /** the deposit channel and the intent's id there (a QR's id) */
    channel: text('channel').notNull(),
    intentId: text('intent_id').notNull(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id),
    /** the language the member chose in (the condition's statement name) */
    lang: text('lang').notNull(),
    status: text('status', { enum: ['chosen', 'claimed', 'skipped'] })
      .notNull()
      .default('chosen'),
    /** why it was skipped: an error code of the claim (BONUS_ALREADY_ACTIVE…) or HELD_FOR_REVIEW */
    reason: text('reason'),
    depositId: text('deposit_id'),
    conditionId: integer('condition_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('deposit_bonus_choices_intent_uq').on(t.channel, t.intentId),
    index('deposit_bonus_choices_member_idx').on(t.memberId, t.createdAt),
  ],
);
