import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from './account.ts';

// Tables of the notify module (modules/notify): LINE links, preferences and deliveries
// (docs/decisions/0041-line-notifications.md).

/**
 * A member's LINE link: the LINE user id once the member sent the one-time link code to the official account, whether
 * that user still follows it, the language of the messages and the notifications the member turned off. The link
 * code is kept only as an HMAC, single use, with an expiry.
 */
export const lineLinks = pgTable(
  'line_links',
  {
    memberId: integer('member_id')
      .primaryKey()
      .references(() => members.id),
    lineUserId: text('line_user_id'),
    isFollowing: boolean('is_following').notNull().default(false),
    language: text('language').notNull().default('th'),
    /** notification kinds the member turned off (every kind is on by default) */
    muted: text('muted')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    linkCodeHash: text('link_code_hash'),
    linkCodeExpiresAt: timestamp('link_code_expires_at', { withTimezone: true }),
    linkedAt: timestamp('linked_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('line_links_user_uq').on(t.lineUserId),
    uniqueIndex('line_links_code_uq').on(t.linkCodeHash),
    check('line_links_language_ck', sql`${t.language} in ('th', 'la', 'en')`),
  ],
);

/**
 * One push per (event, recipient): the retry key (a UUID derived from the outbox event id and the notification)
 * is the primary key, so a redelivered event or a repeated job never sends twice; LINE's `X-Line-Retry-Key` covers
 * the gap between LINE accepting a push and this row saying so.
 */
export const lineDeliveries = pgTable(
  'line_deliveries',
  {
    retryKey: text('retry_key').primaryKey(),
    /** the member notified; null for an operator alert to the LINE group */
    memberId: integer('member_id').references(() => members.id),
    kind: text('kind').notNull(),
    /** `sent`, or why not: `skipped` (not linked, unfollowed, muted), `refused` (LINE said no for good) */
    status: text('status').notNull(),
    detail: text('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('line_deliveries_member_idx').on(t.memberId, t.createdAt),
    check('line_deliveries_status_ck', sql`${t.status} in ('sent', 'skipped', 'refused')`),
  ],
);
