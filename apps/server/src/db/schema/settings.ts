import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Tables of the settings module (modules/settings).

/** Operator settings and site content, one JSON value per key. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
