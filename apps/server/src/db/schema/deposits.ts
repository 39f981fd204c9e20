import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from './account.ts';

/** Owned by the deposits module (docs/design.md §9.5). */

/** the same list as @wallet/contract/admin/deposits (drizzle-kit reads this file on its own) */
const DEPOSIT_CHANNELS = ['qr', 'slip', 'truewallet', 'manual'] as const;
export type DepositChannel = (typeof DEPOSIT_CHANNELS)[number];

/**
 * Money that came in, one row per outside transaction: `(channel, reference)` is unique (`KBANK.{providerTxnId}`,
 * `{sendingBank}.{transRef}`, the voucher hash), so a second delivery can never credit twice. `credited` rows have
 * exactly one ledger posting (`deposit:{channel}:{reference}`); `review` rows wait for an operator (money received
 * for an expired or cancelled QR when the setting says so, a member's manual transfer notice), who credits or
 * rejects them.
 */
export const deposits = pgTable(
  'deposits',
  {
    id: text('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    channel: text('channel', { enum: DEPOSIT_CHANNELS }).notNull(),
    reference: text('reference').notNull(),
    /** the QR id, slip id… this deposit came from */
    sourceId: text('source_id'),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    /** the operator who credited or rejected a `review` row, and when */
    reviewedBy: text('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('deposits_channel_reference_uq').on(t.channel, t.reference),
    index('deposits_member_idx').on(t.memberId, t.createdAt),
    index('deposits_status_idx').on(t.status, t.createdAt),
    check('deposits_status_ck', sql`${t.status} in ('credited', 'review', 'rejected')`),
    check('deposits_amount_ck', sql`${t.amount} > 0`),
  ],
);

export const QR_STATUSES = ['creating', 'open', 'paid', 'expired', 'cancelled', 'failed'] as const;

/** A dynamic QR a member asked for (docs/spec.md §3 QR state); `id` is the qrcodeId, Ref2 of the payload. */
export const qrPayments = pgTable(
  'qr_payments',
  {
    id: text('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    provider: text('provider').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: QR_STATUSES }).notNull(),
    providerRef: text('provider_ref'),
    payload: text('payload'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    /** status inquiries made for a late webhook */
    inquiries: integer('inquiries').notNull().default(0),
  },
  (t) => [
    // one open QR per provider per member (a concurrent second create loses on this index)
    uniqueIndex('qr_payments_one_open_uq')
      .on(t.memberId, t.provider)
      .where(sql`${t.status} in ('creating', 'open')`),
    index('qr_payments_status_idx').on(t.status, t.updatedAt),
  ],
);

/**
 * Every correctly signed webhook as received (the inbox): processed idempotently by provider transaction id,
 * kept for the operator's webhook history. A bad signature is answered 401 and stored nowhere.
 */
export const qrWebhookInbox = pgTable(
  'qr_webhook_inbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider').notNull(),
    paymentId: text('payment_id'),
    providerTxnId: text('provider_txn_id'),
    body: text('body').notNull(),
    /** credited, duplicate, review, unmatched, failed, error */
    result: text('result'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [index('qr_webhook_inbox_payment_idx').on(t.paymentId), index('qr_webhook_inbox_txn_idx').on(t.providerTxnId)],
);

export const SLIP_STATUSES = ['PROCESSING', 'SUCCESS', 'FAILED', 'REVIEW'] as const;

/**
 * An uploaded transfer slip (docs/spec.md §3 slip row): the stored image (private), what its mini-QR said, the
 * verifier's answer and the outcome. `PROCESSING` while the verifier had no definite answer (a job asks again);
 * `REVIEW` when the rules cannot tell who sent the money: its `deposits` row (`depositId`) waits for an operator,
 * and the operator's decision on that row is the slip's outcome.
 */
export const slips = pgTable(
  'slips',
  {
    id: text('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    status: text('status', { enum: SLIP_STATUSES }).notNull(),
    /** docs/spec.md §8 slip reason when FAILED (or the last one seen while PROCESSING) */
    note: text('note'),
    storageKey: text('storage_key').notNull(),
    qrPayload: text('qr_payload'),
    sendingBank: text('sending_bank'),
    transRef: text('trans_ref'),
    /** minor units, from the verifier */
    amount: bigint('amount', { mode: 'bigint' }),
    currency: text('currency').notNull(),
    /** the verifier's answer as received (masked accounts), for the operator */
    verification: text('verification'),
    depositId: text('deposit_id'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('slips_member_idx').on(t.memberId, t.createdAt),
    index('slips_status_idx').on(t.status, t.updatedAt),
    check('slips_status_ck', sql`${t.status} in ('PROCESSING', 'SUCCESS', 'FAILED', 'REVIEW')`),
  ],
);

/**
 * A True Wallet gift voucher a member submitted: the hash is the primary key, so two members (or ten clicks) racing
 * with one link reserve it once; only the reserver calls TrueMoney. The link itself is never stored or logged.
 */
export const trueVouchers = pgTable('true_vouchers', {
  hash: text('hash').primaryKey(),
  memberId: integer('member_id')
    .notNull()
    .references(() => members.id),
  /** redeeming (reserved, TrueMoney being asked), credited, refused, unknown (no definite answer: an operator checks) */
  status: text('status').notNull(),
  /** the refusal code (TrueMoney's or ours) */
  code: text('code'),
  amount: bigint('amount', { mode: 'bigint' }),
  depositId: text('deposit_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
