import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from './core.ts';

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
