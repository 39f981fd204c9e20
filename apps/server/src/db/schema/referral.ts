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

// Tables of the referral module (modules/referral): invite links, commissions, claims, and the banners of the
// invite and refund modals (docs/design.md §9.6). Money is in the ledger (`member:{id}:invite`); these rows explain it.

/**
 * An invitee and who invited them (the `?code=PR{id}` of registration), written once per invitee. `signals` holds
 * what the two accounts share (bank account, phone, device, an address within a window): non-empty marks a possible
 * self-referral whose commissions wait for an operator's review.
 */
export const referralLinks = pgTable(
  'referral_links',
  {
    inviteeId: integer('invitee_id')
      .primaryKey()
      .references(() => members.id),
    inviterId: integer('inviter_id')
      .notNull()
      .references(() => members.id),
    signals: text('signals')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    flaggedAt: timestamp('flagged_at', { withTimezone: true }),
    /** the addresses (IP) both members signed in from within the window of `selfReferralSignals` */
    sharedAddresses: text('shared_addresses')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * clear (no signals: commissions paid), held (flagged: commissions wait for an operator), approved (paid, also
     * later ones, until a new signal holds it again) or rejected (never paid)
     */
    review: text('review').notNull().default('clear'),
    reviewedBy: text('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewReason: text('review_reason'),
    /** the invitee's first credited deposit (the wallet's `invite.success` counts these) */
    firstDepositAt: timestamp('first_deposit_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('referral_links_inviter_idx').on(t.inviterId, t.createdAt),
    index('referral_links_flagged_idx').on(t.flaggedAt),
    check('referral_links_review_ck', sql`${t.review} in ('clear', 'held', 'approved', 'rejected')`),
  ],
);

/**
 * The commission of one invitee's credited deposit, once per deposit (unique `deposit_id`). A withheld row (self-
 * referral) records what would have been paid and moves nothing; a paid one names its ledger transaction.
 */
export const referralCommissions = pgTable(
  'referral_commissions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    inviterId: integer('inviter_id')
      .notNull()
      .references(() => members.id),
    inviteeId: integer('invitee_id')
      .notNull()
      .references(() => members.id),
    depositId: text('deposit_id').notNull(),
    deposit: bigint('deposit', { mode: 'bigint' }).notNull(),
    /** the rate in hundredths of a percent (5.25 % = 525) */
    basisPoints: integer('basis_points').notNull(),
    commission: bigint('commission', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    withheld: boolean('withheld').notNull().default(false),
    /** paid, held (flagged link: waits for review, withheld), approved (paid after review) or rejected (withheld) */
    status: text('status').notNull().default('paid'),
    transactionId: bigint('transaction_id', { mode: 'bigint' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('referral_commissions_deposit_uq').on(t.depositId),
    index('referral_commissions_inviter_idx').on(t.inviterId, t.createdAt),
    check('referral_commissions_amount_ck', sql`${t.commission} >= 0 and ${t.deposit} > 0`),
    check('referral_commissions_status_ck', sql`${t.status} in ('paid', 'held', 'approved', 'rejected')`),
    index('referral_commissions_invitee_idx').on(t.inviteeId, t.status),
  ],
);

/**
 * Per member: how many times the invite balance was received. The next claim's idempotency key is
 * `invite:claim:{memberId}:{claims + 1}`, and the row is locked while a claim runs, so concurrent receives credit once.
 */
export const referralClaimState = pgTable('referral_claim_state', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => members.id),
  claims: integer('claims').notNull().default(0),
  lastClaimAt: timestamp('last_claim_at', { withTimezone: true }),
});

/** The banners shown before the invite and refund modals (image + html per language; la/en fall back to th). */
export const promoBanners = pgTable(
  'promo_banners',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    place: text('place').notNull(),
    image: text('image').notNull(),
    html: jsonb('html').$type<{ th: string; la: string; en: string }>().notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('promo_banners_place_idx').on(t.place, t.sortOrder),
    check('promo_banners_place_ck', sql`${t.place} in ('invite', 'refund')`),
  ],
);
