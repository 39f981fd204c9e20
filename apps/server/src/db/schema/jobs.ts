import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

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

/**
 * The transactional outbox (events/): a domain event is inserted in the transaction that caused it and delivered
 * to module subscribers after commit by the outbox relay of any process. `delivered_at` is set once every
 * subscriber has succeeded; until then the row is retried with backoff (`available_at`). A claim is a lease
 * (`claimed_until`), so a process that dies mid-delivery only delays the row.
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    availableAt: timestamp('available_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [
    index('outbox_events_pending_idx')
      .on(t.availableAt)
      .where(sql`${t.deliveredAt} is null`),
    index('outbox_events_created_idx').on(t.createdAt),
  ],
);

/** One row per (event, subscriber) that has handled the event: a redelivery skips the subscribers listed here. */
export const outboxDeliveries = pgTable(
  'outbox_deliveries',
  {
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => outboxEvents.id, { onDelete: 'cascade' }),
    subscriber: text('subscriber').notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }).notNull().defaultNow(),
    /** `host:pid` of the process that delivered it */
    runner: text('runner'),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.subscriber] })],
);
