import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// Tables of the domain events (src/events): the transactional outbox.

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
