import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// Tables of the job runner (src/jobs).

/**
 * Run history of background jobs (jobs/job-runner.ts), one row per scheduled slot or queued job, readable by an
 * operator. A scheduled slot is claimed by inserting its row: the unique (job, slot) makes each slot run once
 * across processes. The queue itself (claiming, retries, backoff) is pg-boss's, in the `pgboss` schema.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    job: text('job').notNull(),
    /** wall-clock slot key (`2026-11-24T00:05:00+07:00`) of a scheduled run; null for a queued job */
    slot: text('slot'),
    /** the pg-boss job id carrying this run */
    queueJobId: text('queue_job_id'),
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** `host:pid` of the process that ran the last attempt */
    runner: text('runner'),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    error: text('error'),
    result: jsonb('result'),
  },
  (t) => [
    uniqueIndex('job_runs_slot_uq').on(t.job, t.slot),
    uniqueIndex('job_runs_queue_job_uq').on(t.queueJobId),
    index('job_runs_job_queued_idx').on(t.job, t.queuedAt),
    index('job_runs_queued_idx').on(t.queuedAt),
    check('job_runs_status_ck', sql`${t.status} in ('queued', 'running', 'retrying', 'succeeded', 'failed')`),
  ],
);
