import { z } from 'zod';
import { MessageSchema } from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';
import { AuditRowSchema } from './audit.ts';
import { pageOf, PagedQuerySchema, SortDirSchema } from './paging.ts';

/** Money on the admin API: integer minor units as a decimal string (satang), signed where it can be negative. */
export const MinorSchema = z.string().regex(/^-?\d{1,18}$/);

const IdParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const SessionParams = IdParams.extend({ sid: z.string().min(1).max(64) });
const Reason = z.string().trim().min(3).max(500);

export const MemberSummarySchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  currency: z.string(),
  bankCode: z.string(),
  bankName: z.string().nullable(),
  bankAccountName: z.string(),
  bankAccountNo: z.string(),
  status: z.enum(['active', 'inactive']),
  createdAt: z.string(),
  flagged: z.boolean(),
  payoutHold: z.boolean(),
});
export type MemberSummary = z.infer<typeof MemberSummarySchema>;

export const MemberFlagsSchema = z.object({
  flagged: z.boolean(),
  flagReason: z.string().nullable(),
  flaggedBy: z.string().nullable(),
  flaggedAt: z.string().nullable(),
  payoutHold: z.boolean(),
  holdReason: z.string().nullable(),
  holdBy: z.string().nullable(),
  holdAt: z.string().nullable(),
});

export const MemberSessionSchema = z.object({
  /** the first characters of the session id (enough to tell sessions apart, never a credential) */
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  live: z.boolean(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type MemberSession = z.infer<typeof MemberSessionSchema>;

/** A money section another module serves; `available: false` until that module exposes it (never made-up rows). */
const ModuleSectionSchema = z.object({
  available: z.boolean(),
  rows: z.array(z.record(z.string(), z.unknown())),
});

export const MemberDetailSchema = z.object({
  member: MemberSummarySchema,
  flags: MemberFlagsSchema,
  balances: z.object({
    wallet: MinorSchema,
    invite: MinorSchema,
    /** spin-wheel coins: whole coins (not minor units) */
    coins: z.number().int().nonnegative(),
    games: z.array(z.object({ game: z.string(), username: z.string(), balance: MinorSchema, updatedAt: z.string() })),
  }),
  sessions: z.array(MemberSessionSchema),
  audit: z.array(AuditRowSchema),
  deposits: ModuleSectionSchema,
  withdrawals: ModuleSectionSchema,
});
export type MemberDetail = z.infer<typeof MemberDetailSchema>;

export const LedgerEntryRowSchema = z.object({
  entryId: z.string(),
  transactionId: z.string(),
  kind: z.string(),
  account: z.string(),
  amount: MinorSchema,
  currency: z.string(),
  reference: z.string().nullable(),
  reason: z.string().nullable(),
  at: z.string(),
});
export type LedgerEntryRow = z.infer<typeof LedgerEntryRowSchema>;

export const GameTransferRowSchema = z.object({
  id: z.string(),
  memberId: z.number().int(),
  game: z.string(),
  direction: z.enum(['to_game', 'from_game']),
  amount: MinorSchema,
  currency: z.string(),
  status: z.string(),
  providerRef: z.string().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type GameTransferRow = z.infer<typeof GameTransferRowSchema>;

export const AdjustmentSchema = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  amount: MinorSchema,
  currency: z.string(),
  reason: z.string(),
  status: z.enum(['pending', 'posted', 'rejected']),
  requestedBy: z.string(),
  requestedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
  ledgerTransactionId: z.string().nullable(),
});
export type Adjustment = z.infer<typeof AdjustmentSchema>;

export const CreateAdjustmentSchema = z.object({
  /** signed minor units, not zero, at most ±10,000,000.00 */
  amount: MinorSchema.refine(
    (v) => /^-?\d{1,18}$/.test(v) && BigInt(v) !== 0n && (BigInt(v) < 0n ? -BigInt(v) : BigInt(v)) <= 1_000_000_000n,
    { message: 'not zero, at most 10,000,000.00' },
  ),
  reason: Reason,
});

const Members = ['support', 'finance'] as const;

/** The member list's sortable columns. */
export const MEMBER_SORTS = ['id', 'name', 'createdAt'] as const;

/** Members in the back office (roles `support`, `finance`); every change writes an audit row in its transaction. */
export const adminMemberEndpoints = {
  search: defineEndpoint({
    method: 'GET',
    path: '/api/admin/members',
    access: { operator: Members },
    query: PagedQuerySchema.extend({
      q: z.string().trim().max(64).default(''),
      /** server-side sorting on a whitelisted column (docs/decisions/0034-member-360-and-exports.md) */
      sort: z.enum(MEMBER_SORTS).default('id'),
      dir: z.enum(['asc', 'desc']).default('desc'),
    }),
    response: pageOf(MemberSummarySchema),
    summary: 'Search members by phone, name, bank account number or member id; newest first unless sorted',
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/api/admin/members/:id',
    access: { operator: Members },
    params: IdParams,
    response: MemberDetailSchema,
    summary: 'A member: balances, flags, sessions and login history, audit of changes',
  }),
  ledger: defineEndpoint({
    method: 'GET',
    path: '/api/admin/members/:id/ledger',
    access: { operator: Members },
    params: IdParams,
    query: PagedQuerySchema,
    response: pageOf(LedgerEntryRowSchema),
    summary: "Ledger entries on the member's accounts, newest first",
  }),
  transfers: defineEndpoint({
    method: 'GET',
    path: '/api/admin/members/:id/transfers',
    access: { operator: Members },
    params: IdParams,
    query: PagedQuerySchema,
    response: pageOf(GameTransferRowSchema),
    summary: "The member's game transfers with their provider state, newest first",
  }),
  setStatus: defineEndpoint({
    method: 'POST',
    path: '/api/admin/members/:id/status',
    access: { operator: Members },
    params: IdParams,
    body: z.object({ status: z.enum(['active', 'inactive']), reason: Reason }),
    response: z.object({ member: MemberSummarySchema, revokedSessions: z.number().int() }),
    summary: 'Deactivate (revokes every session at once) or reactivate a member',
  }),
  setFlag: defineEndpoint({
    method: 'POST',
    path: '/api/admin/members/:id/flag',
    access: { operator: Members },
    params: IdParams,
    body: z.object({ flagged: z.boolean(), reason: Reason }),
    response: MemberFlagsSchema,
    summary: 'Flag or unflag a member (a flagged member is never auto-approved for payouts)',
  }),
  setPayoutHold: defineEndpoint({
    method: 'POST',
    path: '/api/admin/members/:id/hold',
    access: { operator: ['finance'] },
    params: IdParams,
    body: z.object({ payoutHold: z.boolean(), reason: Reason }),
    response: MemberFlagsSchema,
    summary: "Put or lift a manual hold on the member's payouts",
  }),
  revokeSession: defineEndpoint({
    method: 'POST',
    path: '/api/admin/members/:id/sessions/:sid/revoke',
    access: { operator: Members },
    params: SessionParams,
    response: MessageSchema,
    summary: 'Revoke one of the member sessions (by the id prefix shown)',
  }),
};

/**
 * The adjustments list's sort keys (its visible columns): `queue` is pending oldest first, otherwise newest first;
 * every other key ends with the id (a stable order across pages).
 */
export const ADJUSTMENT_SORTS = ['queue', 'requestedAt', 'memberId', 'amount', 'status', 'requestedBy'] as const;

/** Balance adjustments (role `finance`): above the setting a second, different operator approves. */
export const adminAdjustmentEndpoints = {
  create: defineEndpoint({
    method: 'POST',
    path: '/api/admin/members/:id/adjustments',
    access: { operator: ['finance'] },
    params: IdParams,
    body: CreateAdjustmentSchema,
    response: z.object({ adjustment: AdjustmentSchema }),
    movesMoney: true,
    summary: 'Adjust a balance with a reason: posted at once up to the threshold, else pending a second operator',
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/adjustments',
    access: { operator: ['finance'] },
    query: PagedQuerySchema.extend({
      status: z.enum(['pending', 'posted', 'rejected']).optional(),
      memberId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
      sort: z.enum(ADJUSTMENT_SORTS).default('queue'),
      dir: SortDirSchema.default('desc'),
    }),
    response: pageOf(AdjustmentSchema),
    summary: 'Adjustments (pending: oldest first, a queue; else newest first; or sorted by a column)',
  }),
  approve: defineEndpoint({
    method: 'POST',
    path: '/api/admin/adjustments/:id/approve',
    access: { operator: ['finance'] },
    params: IdParams,
    response: z.object({ adjustment: AdjustmentSchema }),
    movesMoney: true,
    summary: 'Approve and post a pending adjustment (never its own requester)',
  }),
  reject: defineEndpoint({
    method: 'POST',
    path: '/api/admin/adjustments/:id/reject',
    access: { operator: ['finance'] },
    params: IdParams,
    body: z.object({ reason: Reason }),
    response: z.object({ adjustment: AdjustmentSchema }),
    summary: 'Reject a pending adjustment; nothing moves',
  }),
};
