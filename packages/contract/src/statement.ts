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
export const StatementListSchema = z.object({ total: z.number(), statements: z.array(StatementRowSchema) });

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
    body: PageRequestSchema,
    response: StatementListSchema,
    summary: 'Transactions, newest first',
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
