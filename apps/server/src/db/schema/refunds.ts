import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from './account.ts';

// Tables of the refunds module (modules/refunds): daily loss refunds (docs/design.md §9.6). Money is in the ledger
// (`house:refund` → `member:{id}:refund` on receive → wallet on add-to-wallet); these rows explain it.

/**
 * One member's refund of one Bangkok day's net loss, computed once (unique member + day) by the 00:05 job:
 * `claimable` → `received` (into the refund balance) → `credited` (added to the wallet, a credit condition started).
 */
export const refunds = pgTable(
  'refunds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    /** the Bangkok day whose losses this refunds (YYYY-MM-DD) */
    day: text('day').notNull(),
    /** stakes − payouts of that day, minor units (> 0) */
    loss: bigint('loss', { mode: 'bigint' }).notNull(),
    /** the rate in hundredths of a percent (5.25 % = 525) */
    basisPoints: integer('basis_points').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull().default('claimable'),
    receiveTransactionId: bigint('receive_transaction_id', { mode: 'bigint' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refunds_member_day_uq').on(t.memberId, t.day),
    index('refunds_member_status_idx').on(t.memberId, t.status),
    index('refunds_day_idx').on(t.day),
    check('refunds_amount_ck', sql`${t.amount} > 0 and ${t.loss} > 0`),
    check('refunds_status_ck', sql`${t.status} in ('claimable', 'received', 'credited')`),
  ],
);

/** One run of the daily job per Bangkok day (re-runs of the same day add nothing: refunds are unique per day). */
export const refundRuns = pgTable('refund_runs', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  day: text('day').notNull().unique('refund_runs_day_uq'),
  basisPoints: integer('basis_points').notNull(),
  minRefund: bigint('min_refund', { mode: 'bigint' }).notNull(),
  members: integer('members').notNull().default(0),
  total: bigint('total', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

/**
 * Per member: how many times the refund balance was added to the wallet. The next one's idempotency key is
 * `refund:wallet:{memberId}:{adds + 1}`; the row is locked while it runs, so concurrent calls credit once.
 */
export const refundWalletState = pgTable('refund_wallet_state', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => members.id),
  adds: integer('adds').notNull().default(0),
  lastAddAt: timestamp('last_add_at', { withTimezone: true }),
});
