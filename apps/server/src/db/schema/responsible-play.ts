import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from './account.ts';

// Tables of the responsible-play module (modules/responsible-play): a member's own limits and breaks
// (docs/responsible-play.md, docs/decisions/0039-responsible-play.md).

/** The limits a member (or an operator, tighter only) sets; money in minor units, the reality check in minutes. */
export const RESPONSIBLE_LIMIT_KINDS = [
  'deposit_day',
  'deposit_week',
  'deposit_month',
  'loss_day',
  'loss_week',
  'loss_month',
  'reality_check',
] as const;
export type ResponsibleLimitKind = (typeof RESPONSIBLE_LIMIT_KINDS)[number];

/**
 * One limit of one member. `value` null = none. A looser value (higher, or none) waits in `pending_*` until
 * `pending_at` (24 h after it was asked for); a tighter one replaces `value` at once and drops any pending one.
 */
export const responsibleLimits = pgTable(
  'responsible_limits',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    kind: text('kind', { enum: RESPONSIBLE_LIMIT_KINDS }).notNull(),
    value: bigint('value', { mode: 'bigint' }),
    hasPending: boolean('has_pending').notNull().default(false),
    pendingValue: bigint('pending_value', { mode: 'bigint' }),
    pendingAt: timestamp('pending_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    /** `member` or `operator:{username}` */
    updatedBy: text('updated_by').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.kind] }),
    check('responsible_limits_value_ck', sql`${t.value} is null or ${t.value} > 0`),
    check('responsible_limits_pending_ck', sql`${t.pendingValue} is null or ${t.pendingValue} > 0`),
  ],
);

export const RESPONSIBLE_BREAK_KINDS = ['cooling_off', 'self_exclusion'] as const;
export type ResponsibleBreakKind = (typeof RESPONSIBLE_BREAK_KINDS)[number];

/** A cooling-off or self-exclusion period; never shortened or lifted (a longer one is a new row). */
export const responsibleBreaks = pgTable(
  'responsible_breaks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    kind: text('kind', { enum: RESPONSIBLE_BREAK_KINDS }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** `member` or `operator:{username}` */
    createdBy: text('created_by').notNull(),
  },
  (t) => [
    index('responsible_breaks_member_idx').on(t.memberId, t.endsAt),
    check('responsible_breaks_kind_ck', sql`${t.kind} in ('cooling_off', 'self_exclusion')`),
    check('responsible_breaks_period_ck', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);
