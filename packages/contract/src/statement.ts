import { z } from 'zod';
import { MoneySchema, PageRequestSchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';

export const STATEMENT_TYPES = ['deposit', 'bonus', 'finish_bonus', 'withdraw', 'transfer'] as const;
export const StatementRowSchema = z.object({
  _id: z.string(),
  statementType: z.enum(STATEMENT_TYPES),
  from: z.string(),
  to: z.string(),
  amount: MoneySchema,
  status: z.string(),
  createdAt: z.string(),
  bonus: z.object({ name: z.string() }).optional(),
  promotion: z.object({ description: z.string() }).optional(),
  invite: z.object({ description: z.string() }).optional(),
  refund: z.object({ description: z.string() }).optional(),
  luckydraw: z.object({ description: z.string() }).optional(),
  /**
   * beyond the spec, on `finish_bonus` rows: how the bonus ended — its condition met, failed or cancelled (amount 0),
   * the unplayed bonus taken back at a cancel (`forfeited`), or the money above the cap taken at success (`capped`)
   */
  finish: z.object({ outcome: z.enum(['met', 'failed', 'cancelled', 'forfeited', 'capped']) }).optional(),
  /**
   * a withdrawal's review: `reason` (WITHDRAW_REJECT_REASONS) once refused; `returned` once the money is back in the
   * wallet; `cancellable` while it waits for review (POST /api/wallet/withdraw/:id/cancel)
   */
  withdraw: z
    .object({ reason: z.string().optional(), returned: z.boolean(), cancellable: z.boolean().optional() })
    .optional(),
});
export type StatementRow = z.infer<typeof StatementRowSchema>;
/**
 * beyond the spec: the statement narrowed to one row type and/or one calendar month (`YYYY-MM`, Thai and Lao time,
 * UTC+7); `total` and `totals` then count the whole filtered history, not only the page
 */
export const StatementRequestSchema = PageRequestSchema.extend({
  type: z.enum(STATEMENT_TYPES).optional(),
  month: z
    .string()
    .regex(/^20\d\d-(0[1-9]|1[0-2])$/)
    .optional(),
});
export type StatementRequest = z.infer<typeof StatementRequestSchema>;
/** money into the wallet and out of it over the filtered history (failed, rejected and cancelled moves count 0) */
const StatementTotalsSchema = z.object({ in: MoneySchema, out: MoneySchema });
export const StatementListSchema = z.object({
  total: z.number(),
  statements: z.array(StatementRowSchema),
  totals: StatementTotalsSchema.optional(),
});

/**
 * One statement row's receipt (beyond the spec): the references behind it. A deposit's channel and its outside
 * reference; a withdrawal's destination (masked account) and the bank's payout reference once paid; a game
 * transfer's provider reference. Balances before/after are not kept per posting, so they are not offered.
 */
export const StatementReceiptSchema = z.object({
  id: z.string(),
  channel: z.string().optional(),
  reference: z.string().optional(),
  bankCode: z.string().optional(),
  accountNo: z.string().optional(),
  bankReference: z.string().optional(),
  providerReference: z.string().optional(),
  /** the row itself, when asked by a deposit's id (an inbox entry names the deposit, not its ledger posting) */
  row: StatementRowSchema.optional(),
});
export type StatementReceipt = z.infer<typeof StatementReceiptSchema>;

export const SlipRowSchema = z.object({
  createdAt: z.string(),
  amount: MoneySchema,
  status: z.string(),
  note: z.string(),
  link: z.string(),
  reference: z.string(),
});
export const SlipListSchema = z.object({ total: z.number(), slips: z.array(SlipRowSchema) });

export const statementEndpoints = {
  statement: defineEndpoint({
    method: 'POST',
    path: '/api/statement',
    access: 'member',
    body: StatementRequestSchema,
    response: StatementListSchema,
    summary: 'Transactions, newest first (optionally of one type and month, with totals in and out)',
  }),
  receipt: defineEndpoint({
    method: 'GET',
    path: '/api/statement/receipt/:id',
    access: 'member',
    params: z.object({ id: z.string().min(1).max(64) }),
    response: StatementReceiptSchema,
    summary: "One statement row's references (own rows only)",
  }),
  slips: defineEndpoint({
    method: 'POST',
    path: '/api/statement/slip',
    access: 'member',
    body: PageRequestSchema,
    response: SlipListSchema,
    summary: 'Uploaded slips',
  }),
  slipReference: defineEndpoint({
    method: 'GET',
    path: '/api/statement/slip/reference/:reference',
    access: 'member',
    params: z.object({ reference: z.string().min(1).max(128) }),
    response: z.object({ url: z.string() }),
    summary: 'Slip image URL (own slips only)',
  }),
};
