import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from './account.ts';

// Tables of the auth module (modules/auth): member sessions, operators and operator sessions.

/** Server-side sessions; the bearer JWT names one, so revocation is immediate. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** SHA-256 of the renewal secret handed out at login (the access JWT lives minutes; this renews it) */
    refreshHash: text('refresh_hash'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** when this session last re-entered the password: adding or removing a passkey needs it fresh (ADR 0040) */
    steppedUpAt: timestamp('stepped_up_at', { withTimezone: true }),
  },
  (t) => [index('sessions_member_idx').on(t.memberId)],
);

/**
 * Back-office operators (docs/design.md §9.3, docs/decisions/0012-principals-operators-audit.md). The TOTP secret is
 * sealed with lib/crypto-box (context `operator-totp:<id>`); `totpLastStep` is the last 30-second step a code was
 * accepted for, so a code is never accepted twice.
 */
export const operators = pgTable(
  'operators',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    /** null while the operator is invited: they choose it themselves at enrolment (docs/decisions/0023) */
    passwordHash: text('password_hash'),
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

/**
 * One-time enrolment links of operators (docs/decisions/0023-operator-enrolment.md): only the SHA-256 of the token is
 * kept; a link is spent by its enrolment, superseded by a newer one, or dead after `expiresAt`.
 */
export const operatorEnrolments = pgTable(
  'operator_enrolments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    tokenHash: text('token_hash').notNull(),
    issuedBy: text('issued_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('operator_enrolments_token_uq').on(t.tokenHash),
    index('operator_enrolments_operator_idx').on(t.operatorId),
  ],
);

/**
 * Changes to operators that a second admin approves (docs/decisions/0023): creating an operator with a money role
 * (admin, finance), adding such a role, or re-issuing the enrolment of an operator holding one. One pending request
 * per operator.
 */
export const operatorRequests = pgTable(
  'operator_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    kind: text('kind').notNull(),
    /** the operator's roles once approved (create, roles); null for an enrolment */
    roles: text('roles').array(),
    status: text('status').notNull(),
    requestedById: integer('requested_by_id').notNull(),
    requestedBy: text('requested_by').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    decidedById: integer('decided_by_id'),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('operator_requests_pending_uq')
      .on(t.operatorId)
      .where(sql`${t.status} = 'pending'`),
    check('operator_requests_kind_ck', sql`${t.kind} in ('create', 'roles', 'enrolment')`),
    check('operator_requests_status_ck', sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
);

/**
 * Every operator sign-in attempt, successful or not (docs/decisions/0021-operator-console-session.md): the username
 * as typed (lower case, it may name no operator), the operator when it does, the outcome, whether the signed device
 * cookie of an earlier sign-in came along, and where from. Never the password or the code.
 */
export const operatorSignIns = pgTable(
  'operator_sign_ins',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    username: text('username').notNull(),
    operatorId: integer('operator_id').references(() => operators.id),
    outcome: text('outcome').notNull(),
    knownDevice: boolean('known_device').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('operator_sign_ins_at_idx').on(t.at),
    index('operator_sign_ins_username_idx').on(t.username, t.at),
    check('operator_sign_ins_outcome_ck', sql`${t.outcome} in ('success', 'enrolment', 'wrong', 'locked')`),
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
 * A member's passkeys (WebAuthn credentials, docs/decisions/0040-passkeys.md): the credential id and COSE public key
 * as the authenticator gave them, and the signature counter, which must grow (a clone is refused).
 */
export const memberPasskeys = pgTable(
  'member_passkeys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    /** base64url */
    credentialId: text('credential_id').notNull(),
    /** COSE key, base64url */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull(),
    transports: text('transports').array().notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('member_passkeys_credential_uq').on(t.credentialId),
    index('member_passkeys_member_idx').on(t.memberId),
  ],
);

/**
 * WebAuthn challenges, single use and minutes long, shared by every process: a registration challenge is bound to
 * the member and session that asked for it, a sign-in challenge to nobody until its assertion names the credential.
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    id: text('id').primaryKey(),
    challenge: text('challenge').notNull(),
    purpose: text('purpose').notNull(),
    memberId: integer('member_id').references(() => members.id),
    sessionId: text('session_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('passkey_challenges_expires_idx').on(t.expiresAt),
    check('passkey_challenges_purpose_ck', sql`${t.purpose} in ('register', 'sign-in')`),
  ],
);
