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
 * Double-entry ledger (docs/design.md §3). Balances are integer minor units. Member wallets can never go below
 * zero (CHECK); house, provider and transit accounts may (allow_negative) and are sharded to avoid hot rows.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    memberId: integer('member_id'),
    currency: text('currency').notNull(),
    balance: bigint('balance', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    allowNegative: boolean('allow_negative').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_code_uq').on(t.code, t.currency),
    index('ledger_accounts_member_idx').on(t.memberId),
    check('ledger_accounts_balance_ck', sql`${t.allowNegative} or ${t.balance} >= 0`),
  ],
);

export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    /** one of LEDGER_KINDS (modules/ledger/ledger-kinds.ts) */
    kind: text('kind').notNull(),
    /** a client or derived key: one transaction per key, ever */
    idempotencyKey: text('idempotency_key'),
    /** an external reference unique per kind (slip {bank}.{transRef}, voucher hash, transfer id...) */
    reference: text('reference'),
    memberId: integer('member_id'),
    currency: text('currency').notNull(),
    metadata: jsonb('metadata')
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_transactions_idem_uq').on(t.idempotencyKey),
    uniqueIndex('ledger_transactions_ref_uq').on(t.kind, t.reference),
    index('ledger_transactions_member_idx').on(t.memberId, t.createdAt),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: bigint('transaction_id', { mode: 'bigint' })
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    /** signed: positive credits the account, negative debits it */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
  },
  (t) => [index('ledger_entries_tx_idx').on(t.transactionId), index('ledger_entries_account_idx').on(t.accountId)],
);
