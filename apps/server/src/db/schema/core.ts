import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Operator settings and site content, one JSON value per key. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const banks = pgTable('banks', {
  code: text('code').primaryKey(),
  /** Bank of Thailand 3-digit code (slips, QR), or the LAPNet IIN for Lao banks */
  clearingCode: text('clearing_code').notNull(),
  nameTH: text('name_th').notNull(),
  nameEN: text('name_en').notNull(),
  /** the Lao name (the spec's field stays nameTH) */
  nameLA: text('name_la'),
  country: text('country').notNull(),
  /** allowed account-number lengths */
  accountDigitsMin: integer('account_digits_min').notNull(),
  accountDigitsMax: integer('account_digits_max').notNull(),
  requiresEnglishName: boolean('requires_english_name').notNull().default(false),
  sortOrder: integer('sort_order').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
});

export const sources = pgTable('sources', {
  code: text('code').primaryKey(),
  /** Thai, the spec's field */
  description: text('description').notNull(),
  descriptionLA: text('description_la'),
  descriptionEN: text('description_en'),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const members = pgTable(
  'members',
  {
    /** the member number: shown as the profile _id and in the invite code PR{id} */
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 100001 }),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    currency: text('currency').notNull().default('THB'),
    bankCode: text('bank_code').notNull(),
    bankAccountName: text('bank_account_name').notNull(),
    bankAccountNo: text('bank_account_no').notNull(),
    sourceCode: text('source_code'),
    inviterId: integer('inviter_id'),
    status: text('status').notNull().default('active'),
    coin: integer('coin').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('members_username_uq').on(t.username),
    uniqueIndex('members_bank_account_uq').on(t.bankCode, t.bankAccountNo),
    index('members_inviter_idx').on(t.inviterId),
    check('members_status_ck', sql`${t.status} in ('active', 'inactive')`),
    check('members_coin_ck', sql`${t.coin} >= 0`),
  ],
);

/** Server-side sessions; the bearer JWT names one, so revocation is immediate. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** SHA-256 of the renewal secret handed out at login (the access JWT lives minutes; this renews it) */
    refreshHash: text('refresh_hash'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_member_idx').on(t.memberId)],
);
