import { z } from 'zod';
import { MoneySchema } from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';
import { DEPOSIT_CHANNELS } from './deposits.ts';
import { MemberSummarySchema } from './members.ts';
import { DateRangeQuerySchema, pageOf, PagedQuerySchema, PageQuerySchema } from './paging.ts';
import { WithdrawalListFilterSchema } from './withdrawals.ts';

/**
 * The member 360 page's own reads and notes, the console's global search and its CSV exports
 * (docs/decisions/0034-member-360-and-exports.md).
 */
const IdParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const Members = ['support', 'finance'] as const;

export const MemberNoteSchema = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  body: z.string(),
  operator: z.string(),
  createdAt: z.string(),
});
export type MemberNote = z.infer<typeof MemberNoteSchema>;

export const NewMemberNoteSchema = z.object({ body: z.string().trim().min(1).max(2000) });

/** Why two members look linked: the same payout bank account number, or a sign-in from the same address. */
export const LINK_REASONS = ['bank_account', 'ip'] as const;
export type LinkReason = (typeof LINK_REASONS)[number];

export const LinkedMemberSchema = z.object({
  member: MemberSummarySchema,
  reasons: z.array(z.enum(LINK_REASONS)),
  /** the shared addresses (at most a few) */
  ips: z.array(z.string()),
});
export type LinkedMember = z.infer<typeof LinkedMemberSchema>;

/** A bank account number as search results show it: only the last four digits. */
export const maskAccountNo = (no: string) => (no.length <= 4 ? no : `•••${no.slice(-4)}`);

export const SearchHitsSchema = z.object({
  members: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      username: z.string(),
      /** masked: the last four digits only */
      bankAccount: z.string(),
      status: z.enum(['active', 'inactive']),
    }),
  ),
  /** finance only (empty for other roles) */
  withdrawals: z.array(
    z.object({
      id: z.string(),
      memberId: z.number().int(),
      memberName: z.string(),
      amount: MoneySchema,
      status: z.string(),
      createdAt: z.string(),
    }),
  ),
  /** finance only (empty for other roles) */
  deposits: z.array(
    z.object({
      id: z.string(),
      channel: z.enum(DEPOSIT_CHANNELS),
      reference: z.string(),
      memberId: z.number().int(),
      memberName: z.string(),
      amount: MoneySchema,
      status: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type SearchHits = z.infer<typeof SearchHitsSchema>;

/** The withdrawals export: the list's own filters and order (status, member, sort, Bangkok date range). */
export const WithdrawalExportQuerySchema = WithdrawalListFilterSchema.extend({
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  /** the member 360 page's export: one member by id */
  memberId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});
export type WithdrawalExportQuery = z.infer<typeof WithdrawalExportQuerySchema>;

/** A signed amount (a loss, what was left in a game) as the API speaks money: major units, 2 decimals at most. */
const SignedMoneySchema = z
  .number()
  .finite()
  .refine((n) => /^-?\d+(\.\d{1,2})?$/.test(String(n)));

/** One provider (game) on the member 360 page: bets from the stored bet history, money moved in and out of it. */
export const ProviderActivitySchema = z.object({
  game: z.string(),
  /** settled bets stored for the member (docs/decisions/0042-bets-and-bonus-at-deposit.md) */
  bets: z.number().int(),
  stake: MoneySchema,
  payout: MoneySchema,
  /** payout − stake: positive is the member's win */
  winLoss: SignedMoneySchema,
  /** settled transfers from the wallet into the game */
  transferredIn: MoneySchema,
  /** settled transfers from the game back to the wallet */
  transferredOut: MoneySchema,
  /** out − in: what the member took back from the game (positive) or left in it (negative) */
  net: SignedMoneySchema,
});
export type ProviderActivity = z.infer<typeof ProviderActivitySchema>;

export const adminMember360Endpoints = {
  notes: defineEndpoint({
    method: 'GET',
    path: '/api/admin/members/:id/notes',
    access: { operator: Members },
    params: IdParams,
    query: PageQuerySchema,
    response: pageOf(MemberNoteSchema),
    summary: "Operators' notes on a member, newest first",
  }),
  addNote: defineEndpoint({
    method: 'POST',
    path: '/api/admin/members/:id/notes',
    access: { operator: Members },
    params: IdParams,
    body: NewMemberNoteSchema,
    response: z.object({ note: MemberNoteSchema }),
    summary: 'Add a note on a member (audited)',
  }),
  linked: defineEndpoint({
    method: 'GET',
    path: '/api/admin/members/:id/linked',
    access: { operator: Members },
    params: IdParams,
    response: z.object({ rows: z.array(LinkedMemberSchema) }),
    summary: 'Members sharing a payout bank account number or a sign-in address with this one',
  }),
  withdrawals: defineEndpoint({
    method: 'GET',
    path: '/api/admin/members/:id/withdrawals',
    access: { operator: ['finance'] },
    params: IdParams,
    query: PagedQuerySchema,
    response: pageOf(
      z.object({
        id: z.string(),
        amount: MoneySchema,
        status: z.string(),
        bankAccountNo: z.string(),
        reviewedBy: z.string().nullable(),
        rejectReason: z.string().nullable(),
        createdAt: z.string(),
      }),
    ),
    summary: "A member's withdrawals, newest first, in a Bangkok date range",
  }),
  deposits: defineEndpoint({
    method: 'GET',
    path: '/api/admin/members/:id/deposits',
    access: { operator: ['finance'] },
    params: IdParams,
    query: PagedQuerySchema,
    response: pageOf(
      z.object({
        id: z.string(),
        channel: z.enum(DEPOSIT_CHANNELS),
        reference: z.string(),
        amount: MoneySchema,
        status: z.string(),
        reviewedBy: z.string().nullable(),
        createdAt: z.string(),
      }),
    ),
    summary: "A member's recorded deposits (credited, in review, rejected), newest first",
  }),
  providers: defineEndpoint({
    method: 'GET',
    path: '/api/admin/members/:id/providers',
    access: { operator: Members },
    params: IdParams,
    query: DateRangeQuerySchema,
    response: z.object({ rows: z.array(ProviderActivitySchema) }),
    summary: "A member's bets and P/L per provider, and settled transfers in and out of each, in a Bangkok date range",
  }),
};

export const adminSearchEndpoints = {
  global: defineEndpoint({
    method: 'GET',
    path: '/api/admin/search',
    access: { operator: Members },
    query: z.object({ q: z.string().trim().min(2).max(64) }),
    response: SearchHitsSchema,
    summary:
      'One search for the top bar: members by id, phone, name or bank account number; withdrawals and deposits by ' +
      'id or reference (finance only); rate-limited per operator',
  }),
};

export const adminExportEndpoints = {
  withdrawals: defineEndpoint({
    method: 'GET',
    path: '/api/admin/exports/withdrawals.csv',
    access: { operator: ['finance'] },
    query: WithdrawalExportQuerySchema,
    // the body is a CSV file (UTF-8 with BOM), streamed, never JSON
    response: z.unknown(),
    summary: 'The filtered withdrawals as CSV (audited: who exported which filter)',
  }),
};
