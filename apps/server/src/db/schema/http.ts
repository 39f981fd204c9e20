import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// Tables of the HTTP layer (src/http): idempotency keys.

/**
 * HTTP idempotency keys of money-moving requests (docs/design.md §3, http/idempotency.ts). One row per principal
 * (a member or an operator, docs/design.md §9.3) and client key: claimed `in_progress` before the handler runs, `completed` with the response it produced.
 * Times come from the app clock, so the 24-hour expiry is testable on a fake clock.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** `member` or `operator`: the same key from two principals never collides */
    principalKind: text('principal_kind').notNull(),
    principalId: integer('principal_id').notNull(),
    key: text('key').notNull(),
    /** endpoint id of the first request (`wallet.transfer`) */
    endpoint: text('endpoint').notNull(),
    /** sha256 hex of method, path and canonical JSON body */
    requestHash: text('request_hash').notNull(),
    status: text('status').notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('idempotency_keys_principal_key_uq').on(t.principalKind, t.principalId, t.key),
    index('idempotency_keys_created_idx').on(t.createdAt),
    check('idempotency_keys_status_ck', sql`${t.status} in ('in_progress', 'completed')`),
    check('idempotency_keys_principal_ck', sql`${t.principalKind} in ('member', 'operator')`),
  ],
);
