import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';

// Tables of the content module (modules/content): the lookups.

export const banks = pgTable('banks', {
  code: text('code').primaryKey(),
  /** Bank of Thailand 3-digit code (slips, QR), or the LAPNet IIN for Lao banks */
  clearingCode: text('clearing_code').notNull(),
  nameTH: text('name_th').notNull(),
  nameEN: text('name_en').notNull(),
  /** the Lao name (the spec's field stays nameTH) */
  nameLA: text('name_la'),
  country: text('country').notNull(),
  /** allowed account-number lengths */
  accountDigitsMin: integer('account_digits_min').notNull(),
  accountDigitsMax: integer('account_digits_max').notNull(),
  requiresEnglishName: boolean('requires_english_name').notNull().default(false),
  sortOrder: integer('sort_order').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
});

export const sources = pgTable('sources', {
  code: text('code').primaryKey(),
  /** Thai, the spec's field */
  description: text('description').notNull(),
  descriptionLA: text('description_la'),
  descriptionEN: text('description_en'),
  sortOrder: integer('sort_order').notNull().default(0),
});
