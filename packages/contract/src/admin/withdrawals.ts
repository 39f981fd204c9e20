import { z } from 'zod';
import { MoneySchema } from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';
import { MemberFilterSchema, pageOf, PagedQuerySchema, SortDirSchema } from './paging.ts';
import { WITHDRAW_REJECT_REASONS, WITHDRAWAL_STATUSES } from '../limits.ts';
import { ERROR_CODES } from '../errors.ts';
import { MemberFlagsSchema } from './members.ts';

export const AdminWithdrawalSchema = z.object({
  id: z.string(),
  memberId: z.number().int(),
  member: z.object({ name: z.string(), username: z.string() }),
  amount: MoneySchema,
  currency: z.string(),
  status: z.enum(WITHDRAWAL_STATUSES),
  bankAccount: z.object({ bankCode: z.string(), bankAccountNo: z.string(), bankAccountName: z.string() }),
  autoApproved: z.boolean(),
  rejectReason: z.string().nullable(),
  rejectNote: z.string().nullable(),
  /** the bank's last refusal or the last unknown outcome */
  lastError: z.string().nullable(),
  bankRef: z.string().nullable(),
  /** payouts sent (a retry after a definite refusal is a new payout id) */
  payoutAttempts: z.number().int(),
  /** status inquiries made by the payout reconciler */
  inquiries: z.number().int(),
  reviewedBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminWithdrawal = z.infer<typeof AdminWithdrawalSchema>;

/** What the queue shows beside a row: the member's flags and recent money moves. */
export const WithdrawalContextSchema = z.object({
  flagged: z.boolean(),
  payoutHold: z.boolean(),
  recentTransfers: z.array(
    z.object({
      game: z.string(),
      direction: z.string(),
      amount: MoneySchema,
      status: z.string(),
      createdAt: z.string(),
    }),
  ),
  recentWithdrawals: z.array(z.object({ amount: MoneySchema, status: z.string(), createdAt: z.string() })),
  /** the member's latest deposits (any channel; credited, waiting for review or rejected) */
  recentDeposits: z.array(
    z.object({ channel: z.string(), amount: MoneySchema, status: z.string(), createdAt: z.string() }),
  ),
});

/**
 * The withdrawals list's sort keys (its visible columns): `queue` is the finance order (failed payouts, then pending
 * review, then oldest first); every other key ends with the creation time and id (a stable order across pages).
 */
export const WITHDRAWAL_SORTS = ['queue', 'createdAt', 'amount', 'status'] as const;
export type WithdrawalSort = (typeof WITHDRAWAL_SORTS)[number];

/** The list's and the CSV export's filters and order (the export writes the rows the list shows, in its order). */
export const WithdrawalListFilterSchema = z.object({
  status: z.enum(WITHDRAWAL_STATUSES).optional(),
  /** a member id, or a username (phone number) */
  member: MemberFilterSchema.optional(),
  sort: z.enum(WITHDRAWAL_SORTS).default('queue'),
  dir: SortDirSchema.default('asc'),
});

/** GET /api/admin/withdrawals?status=&member=&sort=&dir=&page=&pageSize=&from=&to= */
export const AdminWithdrawalsQuerySchema = PagedQuerySchema.extend(WithdrawalListFilterSchema.shape);
export const AdminWithdrawalRowSchema = AdminWithdrawalSchema.extend({ context: WithdrawalContextSchema });
export type AdminWithdrawalRow = z.infer<typeof AdminWithdrawalRowSchema>;

const IdParamsSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/) });
const WithdrawalReplySchema = z.object({ withdrawal: AdminWithdrawalSchema });

/** What the approve dialog shows about the member before a payout: marks, money moves, conditions, account changes. */
const WithdrawalRiskSchema = z.object({
  withdrawal: AdminWithdrawalSchema,
  /** the flag and payout hold with who set them, when and why */
  flags: MemberFlagsSchema,
  /** a promotion condition runs (withdrawals are normally refused while one runs) */
  conditionRunning: z.boolean(),
  /** end of the cooling period after a payout-account change, null when none runs */
  coolingUntil: z.string().nullable(),
  /** the latest payout-account changes, newest first */
  accountChanges: z.array(
    z.object({
      at: z.string(),
      before: z.object({ bankCode: z.string(), bankAccountNo: z.string() }).nullable(),
      after: z.object({ bankCode: z.string(), bankAccountNo: z.string() }).nullable(),
    }),
  ),
  activity: WithdrawalContextSchema.omit({ flagged: true, payoutHold: true }),
});
export type WithdrawalRisk = z.infer<typeof WithdrawalRiskSchema>;

/** Why bulk approve left a row: an error code of the catalogue, or TOO_LARGE (over the auto-approve amount). */
const BULK_REFUSALS = [...ERROR_CODES, 'TOO_LARGE'] as const;
const BulkApproveResultSchema = z.object({
  id: z.string(),
  /** the withdrawal's status after the attempt; null when it was not found */
  status: z.enum(WITHDRAWAL_STATUSES).nullable(),
  /** why it was not approved (PAYOUT_HOLD, TOO_LARGE, KEY_INVALID when no longer under review…), null when approved */
  refusal: z.enum(BULK_REFUSALS).nullable(),
});
export type BulkApproveResult = z.infer<typeof BulkApproveResultSchema>;

/** The withdrawals queue (role `finance`). Every change writes an audit row. */
export const adminWithdrawalEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/withdrawals',
    access: { operator: ['finance'] },
    query: AdminWithdrawalsQuerySchema,
    response: pageOf(AdminWithdrawalRowSchema),
    summary:
      'Withdrawals, pending review first then oldest first unless sorted; filter by status, member and Bangkok dates',
  }),
  risk: defineEndpoint({
    method: 'GET',
    path: '/api/admin/withdrawals/:id/risk',
    access: { operator: ['finance'] },
    params: IdParamsSchema,
    response: WithdrawalRiskSchema,
    summary: "The member's risk context for a payout decision: flags and hold, conditions, cooling, recent moves",
  }),
  approve: defineEndpoint({
    method: 'POST',
    path: '/api/admin/withdrawals/:id/approve',
    access: { operator: ['finance'] },
    params: IdParamsSchema,
    response: WithdrawalReplySchema,
    movesMoney: true,
    summary: 'Approve a withdrawal under review and send its payout (PAYOUT_HOLD while the member is held)',
  }),
  reject: defineEndpoint({
    method: 'POST',
    path: '/api/admin/withdrawals/:id/reject',
    access: { operator: ['finance'] },
    params: IdParamsSchema,
    body: z.object({ reason: z.enum(WITHDRAW_REJECT_REASONS), note: z.string().max(500).optional() }),
    response: WithdrawalReplySchema,
    movesMoney: true,
    summary: 'Reject a withdrawal under review (or whose payout failed): the money goes back to the wallet',
  }),
  retry: defineEndpoint({
    method: 'POST',
    path: '/api/admin/withdrawals/:id/retry',
    access: { operator: ['finance'] },
    params: IdParamsSchema,
    response: WithdrawalReplySchema,
    movesMoney: true,
    summary: 'Send a failed payout again (a new payout id: the bank definitely refused the last one)',
  }),
  bulkApprove: defineEndpoint({
    method: 'POST',
    path: '/api/admin/withdrawals/bulk-approve',
    access: { operator: ['finance'] },
    body: z.object({ ids: z.array(IdParamsSchema.shape.id).min(1).max(50) }),
    response: z.object({ results: z.array(BulkApproveResultSchema) }),
    movesMoney: true,
    summary:
      'Approve several small withdrawals (each at most the auto-approve amount); one result per id, with its refusal',
  }),
};
