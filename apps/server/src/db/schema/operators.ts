import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Back-office operators (DESIGN.md §9.3, docs/decisions/0012-principals-operators-audit.md). The TOTP secret is
 * sealed with lib/crypto-box (context `operator-totp:<id>`); `totpLastStep` is the last 30-second step a code was
 * accepted for, so a code is never accepted twice.
 */
export const operators = pgTable(
  'operators',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    roles: text('roles').array().notNull(),
    totpSecretBox: text('totp_secret_box').notNull(),
    totpConfirmedAt: timestamp('totp_confirmed_at', { withTimezone: true }),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('operators_username_uq').on(t.username),
    check('operators_roles_ck', sql`${t.roles} <@ array['admin', 'finance', 'support', 'marketing']::text[]`),
  ],
);

/** Operator sessions: apart from the members' (own JWT audience), revocable at once. */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: text('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('operator_sessions_operator_idx').on(t.operatorId)],
);

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
  (t) => [index('audit_log_at_idx').on(t.at)],
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
