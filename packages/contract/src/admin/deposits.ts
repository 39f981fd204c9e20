import { z } from 'zod';
import { MoneySchema } from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';
import { ApprovalSchema } from './approvals.ts';
import { MemberFilterSchema, pageOf, PagedQuerySchema, SortDirSchema } from './paging.ts';

/** Where money came in from (one list across channels). */
export const DEPOSIT_CHANNELS = ['qr', 'slip', 'truewallet', 'manual'] as const;
export type DepositChannel = (typeof DEPOSIT_CHANNELS)[number];

/**
 * One status across channels: `review` waits for an operator (a manual notice, money paid to an expired or
 * cancelled QR), `processing` waits for an outside answer (a slip's verifier, an open QR, a voucher being redeemed),
 * `credited` is in the wallet, `failed` / `rejected` / `expired` / `cancelled` moved nothing.
 */
export const ADMIN_DEPOSIT_STATUSES = [
  'review',
  'processing',
  'credited',
  'failed',
  'rejected',
  'expired',
  'cancelled',
] as const;
export type AdminDepositStatus = (typeof ADMIN_DEPOSIT_STATUSES)[number];

export const AdminDepositRowSchema = z.object({
  /** the id of the row in its channel: a slip id, a QR id, a manual notice (deposit) id, a voucher hash prefix */
  id: z.string(),
  channel: z.enum(DEPOSIT_CHANNELS),
  memberId: z.number().int(),
  member: z.object({ name: z.string(), username: z.string() }),
  /** null while unknown (a slip before its verification) */
  amount: MoneySchema.nullable(),
  currency: z.string(),
  status: z.enum(ADMIN_DEPOSIT_STATUSES),
  /** the channel's own status or reason (a slip reason, a QR provider and state, a voucher refusal code) */
  detail: z.string().nullable(),
  /** the deposit (ledger reference) once money is recorded */
  depositId: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminDepositRow = z.infer<typeof AdminDepositRowSchema>;

/**
 * The deposits list's sort keys (its visible columns): `queue` is waiting for review first, then newest first; every
 * other key ends with the creation time and id (a stable order across pages).
 */
export const DEPOSIT_SORTS = ['queue', 'createdAt', 'amount', 'status', 'channel'] as const;

/** GET /api/admin/deposits?status=&channel=&member=&sort=&dir=&from=&to=&page=&pageSize= */
export const AdminDepositsQuerySchema = PagedQuerySchema.extend({
  status: z.enum(ADMIN_DEPOSIT_STATUSES).optional(),
  channel: z.enum(DEPOSIT_CHANNELS).optional(),
  /** a member id, or a username (phone number) */
  member: MemberFilterSchema.optional(),
  sort: z.enum(DEPOSIT_SORTS).default('queue'),
  dir: SortDirSchema.default('desc'),
});

const WebhookRowSchema = z.object({
  receivedAt: z.string(),
  providerTxnId: z.string().nullable(),
  result: z.string().nullable(),
  body: z.string(),
});
const AuditRowSchema = z.object({ at: z.string(), operator: z.string(), action: z.string(), note: z.string() });

export const AdminDepositDetailSchema = z.object({
  row: AdminDepositRowSchema,
  /** the money record (manual notices, credited or held payments) */
  deposit: z
    .object({ id: z.string(), reference: z.string(), status: z.string(), note: z.string().nullable() })
    .nullable(),
  slip: z
    .object({
      qrPayload: z.string().nullable(),
      sendingBank: z.string().nullable(),
      transRef: z.string().nullable(),
      /** the verifier's answer as received (masked accounts), JSON */
      verification: z.string().nullable(),
      attempts: z.number().int(),
      /** GET /api/admin/deposits/slips/:id/image serves it */
      hasImage: z.boolean(),
    })
    .nullable(),
  qr: z
    .object({ provider: z.string(), status: z.string(), payload: z.string().nullable(), inquiries: z.number().int() })
    .nullable(),
  webhooks: z.array(WebhookRowSchema),
  audit: z.array(AuditRowSchema),
});
export type AdminDepositDetail = z.infer<typeof AdminDepositDetailSchema>;

const RowParamsSchema = z.object({
  channel: z.enum(DEPOSIT_CHANNELS),
  id: z.string().regex(/^[A-Za-z0-9_-]{4,64}$/),
});
const IdParamsSchema = z.object({ id: z.string().regex(/^[A-Z0-9]{8,32}$/) });
const ReasonBodySchema = z.object({ note: z.string().trim().min(1).max(500) });
const DecisionReplySchema = z.object({ row: AdminDepositRowSchema });

export const DepositSummarySchema = z.object({
  /** credited deposits of the last 7 Bangkok days (oldest first, days without any left out), per currency */
  days: z.array(z.object({ day: z.string(), currency: z.string(), amount: MoneySchema, count: z.number().int() })),
  /** rows waiting for an operator */
  inReview: z.number().int(),
});

/** Deposits across channels (role `finance`). Every change writes an audit row. */
export const adminDepositEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/deposits',
    access: { operator: ['finance'] },
    query: AdminDepositsQuerySchema,
    response: pageOf(AdminDepositRowSchema),
    summary: 'Deposits across channels, newest first; filter by status, channel, member and Bangkok date range',
  }),
  summary: defineEndpoint({
    method: 'GET',
    path: '/api/admin/deposits/summary',
    access: { operator: ['finance'] },
    response: DepositSummarySchema,
    summary: 'Credited deposits per Bangkok day (last 7 days) and the number waiting for review',
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/api/admin/deposits/:channel/:id',
    access: { operator: ['finance'] },
    params: RowParamsSchema,
    response: AdminDepositDetailSchema,
    summary: 'One deposit row: the slip and its verification, the QR and its webhooks, the audit trail',
  }),
  slipImage: defineEndpoint({
    method: 'GET',
    path: '/api/admin/deposits/slips/:id/image',
    access: { operator: ['finance'] },
    params: IdParamsSchema,
    // the body is the stored image itself (nosniff, inline Content-Disposition), never JSON
    response: z.unknown(),
    summary: 'The uploaded slip image',
  }),
  confirm: defineEndpoint({
    method: 'POST',
    path: '/api/admin/deposits/:id/confirm',
    access: { operator: ['finance'] },
    params: IdParamsSchema,
    body: ReasonBodySchema,
    // a manual notice beyond the four-eyes limit stays in review and `approval` is its request for a second operator
    response: DecisionReplySchema.extend({ approval: ApprovalSchema.nullable() }),
    movesMoney: true,
    summary: 'Credit a deposit waiting for review (a manual notice matched on the bank statement, late QR money)',
  }),
  reject: defineEndpoint({
    method: 'POST',
    path: '/api/admin/deposits/:id/reject',
    access: { operator: ['finance'] },
    params: IdParamsSchema,
    body: ReasonBodySchema,
    response: DecisionReplySchema,
    summary: 'Refuse a deposit waiting for review (no matching money on the bank statement); nothing moves',
  }),
  reverifySlip: defineEndpoint({
    method: 'POST',
    path: '/api/admin/deposits/slips/:id/reverify',
    access: { operator: ['finance'] },
    params: IdParamsSchema,
    body: ReasonBodySchema,
    response: DecisionReplySchema,
    movesMoney: true,
    summary: 'Read a failed slip image again and verify it again (credited once if it now passes)',
  }),
};
