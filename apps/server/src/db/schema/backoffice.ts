import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from './account.ts';

/**
 * Runs of the ledger invariant check (owned by the backoffice module): on demand by an operator or nightly by the
 * job, with what they found, for the reconciliation page's history.
 */
export const ledgerCheckRuns = pgTable('ledger_check_runs', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  trigger: text('trigger').notNull(),
  operator: text('operator'),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }).notNull(),
  ok: boolean('ok').notNull(),
  problemCount: integer('problem_count').notNull(),
  /** the first problems (at most 50) */
  problems: jsonb('problems').notNull(),
});

/**
 * Operators' notes on a member (the member 360 page, docs/decisions/0034-member-360-and-exports.md): append-only,
 * each one also written to the audit log in the same transaction; shown newest first with author and time.
 */
export const memberNotes = pgTable(
  'member_notes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    body: text('body').notNull(),
    operatorId: integer('operator_id'),
    operator: text('operator').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('member_notes_member_idx').on(t.memberId, t.createdAt)],
);
