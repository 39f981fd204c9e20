import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// Tables of the approvals module (modules/approvals): four eyes, ADR 0022.

/**
 * Every action under four eyes (ADR 0022): a balance adjustment, a manual deposit confirmation, a change of a
 * money-critical setting. `within_limit` rows were executed by their requester alone (under the threshold) and
 * are kept because they count in the rolling day; `pending` ones wait for a second operator.
 */
export const approvals = pgTable(
  'approvals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** adjustment | manual_deposit | setting */
    kind: text('kind').notNull(),
    /** what it acts on: `adjustment:{id}`, `deposit:{id}`, `setting:{key}` */
    target: text('target').notNull(),
    memberId: integer('member_id'),
    /** signed minor units of a money action (null for a setting) */
    amount: bigint('amount', { mode: 'bigint' }),
    currency: text('currency'),
    /** what the approver sees: a setting's before and after, an adjustment's reason, a notice's note */
    payload: jsonb('payload').notNull(),
    /** the role the approver must hold */
    role: text('role').notNull(),
    status: text('status').notNull(),
    requestedById: integer('requested_by_id').notNull(),
    requestedBy: text('requested_by').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    decidedById: integer('decided_by_id'),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionNote: text('decision_note'),
  },
  (t) => [
    index('approvals_status_idx').on(t.status, t.requestedAt),
    index('approvals_operator_idx').on(t.requestedById, t.requestedAt),
    index('approvals_member_idx').on(t.memberId, t.requestedAt),
    // one open request per target: a setting or a deposit is never waiting twice
    uniqueIndex('approvals_pending_target_uq')
      .on(t.target)
      .where(sql`${t.status} = 'pending'`),
    check('approvals_status_ck', sql`${t.status} in ('pending', 'approved', 'rejected', 'within_limit')`),
    check('approvals_kind_ck', sql`${t.kind} in ('adjustment', 'manual_deposit', 'setting')`),
  ],
);
