import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { members } from './account.ts';

/** A text in each player language (docs/spec.md §1: th, la, en). */
export type Localized = { th: string; la: string; en: string };

/** What a slice gives: nothing ("try again"), plain credit, or a bonus credit that starts a promotion condition. */
export const PRIZE_TYPES = ['none', 'credit', 'bonus'] as const;
export type PrizeType = (typeof PRIZE_TYPES)[number];

/**
 * A prize wheel (docs/design.md §9.7). At most one is live for players: the active one whose window holds now.
 * Coins are not here: they are the ledger's `member:{id}:coins` accounts in the `COIN` unit.
 */
export const spinWheels = pgTable(
  'spin_wheels',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(false),
    /** activation window; null = open-ended */
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('spin_wheels_active_idx').on(t.isActive)],
);

/** One sector of a wheel, in drawing order (`position`, clockwise from the top). */
export const spinSlices = pgTable(
  'spin_slices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    wheelId: integer('wheel_id')
      .notNull()
      .references(() => spinWheels.id),
    position: integer('position').notNull(),
    /** stable code the player's wheel lands on */
    code: text('code').notNull(),
    label: jsonb('label').$type<Localized>().notNull(),
    description: jsonb('description').$type<Localized>().notNull(),
    bgColor: text('bg_color').notNull(),
    textColor: text('text_color').notNull(),
    /** relative chance (weights of a wheel need not sum to anything) */
    weight: integer('weight').notNull(),
    prizeType: text('prize_type', { enum: PRIZE_TYPES }).notNull(),
    /** minor units of the member's currency; 0 for `none` */
    amount: bigint('amount', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** hours a won coupon stays claimable */
    couponHours: integer('coupon_hours').notNull().default(72),
    /** a bonus prize's condition: turnover multiple and fail percentage (promotions module runs it) */
    condition: jsonb('condition').$type<{ turnoverMultiple: number; percentFail: number } | null>(),
    /** a removed slice stays for the history of its draws */
    removed: boolean('removed').notNull().default(false),
  },
  (t) => [
    uniqueIndex('spin_slices_wheel_code_uq').on(t.wheelId, t.code),
    check('spin_slices_weight_ck', sql`${t.weight} >= 0`),
    check('spin_slices_amount_ck', sql`${t.amount} >= 0`),
  ],
);

/**
 * One spin: stored in the transaction that spends its coin, before the answer. `key` is the client's
 * Idempotency-Key (or a fresh id); a retry with the same key finds this row and answers the same slice.
 */
export const spinDraws = pgTable(
  'spin_draws',
  {
    id: text('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    key: text('key').notNull(),
    wheelId: integer('wheel_id')
      .notNull()
      .references(() => spinWheels.id),
    sliceId: integer('slice_id')
      .notNull()
      .references(() => spinSlices.id),
    remainingCoin: integer('remaining_coin').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('spin_draws_member_key_uq').on(t.memberId, t.key),
    index('spin_draws_created_idx').on(t.createdAt),
  ],
);

export const COUPON_STATUSES = ['open', 'claimed', 'expired'] as const;

/** A won prize, claimable until `expires_at` (the coupon-expiry job ends the rest). One per winning draw. */
export const spinCoupons = pgTable(
  'spin_coupons',
  {
    id: text('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    drawId: text('draw_id')
      .notNull()
      .references(() => spinDraws.id),
    sliceId: integer('slice_id')
      .notNull()
      .references(() => spinSlices.id),
    prizeType: text('prize_type', { enum: PRIZE_TYPES }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: COUPON_STATUSES }).notNull().default('open'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('spin_coupons_draw_uq').on(t.drawId),
    index('spin_coupons_member_idx').on(t.memberId, t.status),
    index('spin_coupons_expiry_idx').on(t.status, t.expiresAt),
    check('spin_coupons_status_ck', sql`${t.status} in ('open', 'claimed', 'expired')`),
  ],
);
