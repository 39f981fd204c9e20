import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from './core.ts';

/**
 * Operators' balance adjustments (owned by the wallet module): wallet ↔ `house:adjustment` through the ledger, with a
 * mandatory reason. Above the `adjustmentApprovalAbove` setting one waits `pending` for a second, different operator;
 * it is posted once (ledger key `adjustment:{id}`) and leaves `pending` once.
 */
export const balanceAdjustments = pgTable(
  'balance_adjustments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    /** signed minor units: positive credits the wallet */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    reason: text('reason').notNull(),
    status: text('status').notNull(),
    requestedById: integer('requested_by_id').notNull(),
    requestedBy: text('requested_by').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    decidedById: integer('decided_by_id'),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionNote: text('decision_note'),
    ledgerTransactionId: text('ledger_transaction_id'),
  },
  (t) => [
    index('balance_adjustments_status_idx').on(t.status, t.requestedAt),
    index('balance_adjustments_member_idx').on(t.memberId, t.requestedAt),
    check('balance_adjustments_status_ck', sql`${t.status} in ('pending', 'posted', 'rejected')`),
    check('balance_adjustments_amount_ck', sql`${t.amount} <> 0`),
  ],
);
