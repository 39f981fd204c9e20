import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Tables of the audit module (modules/audit): the hash-chained audit log.

/**
 * The audit log: one row per operator change, written in the change's transaction. Each row's `hash` is
 * sha256(prevHash + canonical content), so an edited or deleted row breaks the chain (`npm run audit:verify`).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey(),
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull(),
    /** null for changes made by the system (demo seed) */
    operatorId: integer('operator_id'),
    operator: text('operator').notNull(),
    action: text('action').notNull(),
    target: text('target').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_target_idx').on(t.target, t.at)],
);

/**
 * The chain head, one row (id 1): locked FOR UPDATE by every append, so appends are serialized and the chain is
 * linear even with concurrent writers on several processes; it also pins the last row, so deleting the newest
 * rows is detected too.
 */
export const auditChainHead = pgTable(
  'audit_chain_head',
  {
    id: integer('id').primaryKey(),
    lastId: integer('last_id').notNull(),
    lastHash: text('last_hash').notNull(),
  },
  (t) => [check('audit_chain_head_single_ck', sql`${t.id} = 1`)],
);
