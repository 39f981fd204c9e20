import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
