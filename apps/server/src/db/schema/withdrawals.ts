import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from './account.ts';

/**
 * One withdrawal (docs/design.md §9.4), owned by the withdrawals module. `id` is ours (144 random bits, base64url) and
 * roots every ledger idempotency key (`withdrawal:{id}:hold|paid|reversal`). `payoutId` is what the bank receives as
 * its idempotency key: the id itself for the first payout, `{id}-{n}` for a retry after a definite refusal. The
 * destination account is copied at request time: a later profile change never redirects a requested payout.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: text('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    bankCode: text('bank_code').notNull(),
    bankAccountNo: text('bank_account_no').notNull(),
    bankAccountName: text('bank_account_name').notNull(),
    autoApproved: boolean('auto_approved').notNull().default(false),
    payoutId: text('payout_id').notNull(),
    payoutAttempts: integer('payout_attempts').notNull().default(0),
    inquiries: integer('inquiries').notNull().default(0),
    bankRef: text('bank_ref'),
    rejectReason: text('reject_reason'),
    rejectNote: text('reject_note'),
    lastError: text('last_error'),
    reviewedBy: text('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('withdrawals_member_idx').on(t.memberId, t.createdAt),
    index('withdrawals_status_idx').on(t.status, t.createdAt),
    uniqueIndex('withdrawals_payout_id_uq').on(t.payoutId),
    check(
      'withdrawals_status_ck',
      sql`${t.status} in ('pending_review', 'approved', 'paying', 'paid', 'payout_failed', 'rejected', 'cancelled')`,
    ),
    check('withdrawals_amount_ck', sql`${t.amount} > 0`),
  ],
);
