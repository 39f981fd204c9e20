import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// Tables of the account module (modules/account): members and their security events.

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('members_username_uq').on(t.username),
    uniqueIndex('members_bank_account_uq').on(t.bankCode, t.bankAccountNo),
    index('members_inviter_idx').on(t.inviterId),
    check('members_status_ck', sql`${t.status} in ('active', 'inactive')`),
  ],
);

/**
 * Security-relevant changes a member makes to their own account (ASVS 7.5.1), written in the transaction of the
 * change: `payout-account-changed` (before and after, after a fresh OTP), read back for the payout cooling period.
 */
export const memberSecurityEvents = pgTable(
  'member_security_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    kind: text('kind').notNull(),
    detail: jsonb('detail').notNull(),
    ip: text('ip'),
    sessionId: text('session_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('member_security_events_member_idx').on(t.memberId, t.kind, t.createdAt)],
);

/**
 * Operator risk marks on a member (owned by the account module), one row per member once any is set:
 * a risk flag (reason, operator, time) and a manual payout hold. Withdrawals read them through
 * `memberPayoutFlags` (auto-approve skips a flagged or held member); every change has its audit row.
 */
export const memberRiskFlags = pgTable('member_risk_flags', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => members.id),
  flagged: boolean('flagged').notNull().default(false),
  flagReason: text('flag_reason'),
  flaggedBy: text('flagged_by'),
  flaggedAt: timestamp('flagged_at', { withTimezone: true }),
  payoutHold: boolean('payout_hold').notNull().default(false),
  holdReason: text('hold_reason'),
  holdBy: text('hold_by'),
  holdAt: timestamp('hold_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
