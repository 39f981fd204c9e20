import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from './core.ts';

/**
 * Security-relevant changes a member makes to their own account (ASVS 7.5.1), written in the transaction of the
 * change: `payout-account-changed` (before and after, after a fresh OTP), read back for the payout cooling period.
 */
export const memberSecurityEvents = pgTable(
  'member_security_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    kind: text('kind').notNull(),
    detail: jsonb('detail').notNull(),
    ip: text('ip'),
    sessionId: text('session_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('member_security_events_member_idx').on(t.memberId, t.kind, t.createdAt)],
);
