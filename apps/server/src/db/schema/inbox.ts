import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from './account.ts';

// Tables of the inbox module (modules/inbox): the member's in-app notifications
// (docs/decisions/0043-in-app-notifications.md).

/**
 * One notification: what happened (`kind`) and the values its text names (`params`); the client words it per
 * language. Written by the module's outbox subscribers, once per source (`source_key`, e.g. `deposit:{depositId}`),
 * so a redelivered event adds nothing.
 */
export const inboxEntries = pgTable(
  'inbox_entries',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    kind: text('kind').notNull(),
    params: jsonb('params').$type<Record<string, string>>().notNull(),
    sourceKey: text('source_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('inbox_entries_source_uq').on(t.sourceKey),
    index('inbox_entries_member_idx').on(t.memberId, t.id),
    index('inbox_entries_unread_idx')
      .on(t.memberId)
      .where(sql`${t.readAt} is null`),
    check(
      'inbox_entries_kind_ck',
      sql`${t.kind} in ('deposit_credited', 'slip_verified', 'withdrawal_paid', 'withdrawal_rejected', 'bonus_completed', 'bonus_ended')`,
    ),
  ],
);
