import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { GameTransferRowSchema, MinorSchema } from './members.ts';
import { PagedQuerySchema } from './paging.ts';
import { QueueCountsSchema } from './queues.ts';

export const DayFiguresSchema = z.object({
  /** the Bangkok calendar day, YYYY-MM-DD */
  day: z.string(),
  /** money in as credited: deposits that reached a wallet (not notices still in review) */
  deposits: MinorSchema,
  /** money out as paid: withdrawals the bank paid (not requests, holds or payouts still pending) */
  withdrawals: MinorSchema,
  /** deposits − withdrawals */
  net: MinorSchema,
  newMembers: z.number().int(),
  /** distinct members who signed in that day (in totals30: distinct over the 30 days, not a sum of days) */
  activeMembers: z.number().int(),
});
export type DayFigures = z.infer<typeof DayFiguresSchema>;

/** Credited deposits of one channel (bank transfer notice, QR, slip, TrueMoney...). */
export const ChannelFiguresSchema = z.object({ channel: z.string(), amount: MinorSchema, count: z.number().int() });
/** Settled game transfers of one provider: into the game (`toGame`) and back to the wallet (`fromGame`). */
export const ProviderFiguresSchema = z.object({
  game: z.string(),
  toGame: MinorSchema,
  fromGame: MinorSchema,
  count: z.number().int(),
});
export const BreakdownSchema = z.object({
  channels: z.array(ChannelFiguresSchema),
  providers: z.array(ProviderFiguresSchema),
});
export type Breakdown = z.infer<typeof BreakdownSchema>;

export const DashboardSchema = z.object({
  currency: z.string(),
  today: DayFiguresSchema,
  /** the last 30 Bangkok days, oldest first, today last */
  days: z.array(DayFiguresSchema),
  totals30: DayFiguresSchema.omit({ day: true }),
  /** by deposit channel and game provider, today and over the 30 days */
  breakdown: z.object({ today: BreakdownSchema, days30: BreakdownSchema }),
  /** the work waiting now, by queue and state */
  queues: QueueCountsSchema,
});
export type Dashboard = z.infer<typeof DashboardSchema>;

export const LedgerCheckRunSchema = z.object({
  id: z.number().int(),
  trigger: z.enum(['manual', 'nightly']),
  operator: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string(),
  ok: z.boolean(),
  problemCount: z.number().int(),
  problems: z.array(z.string()),
});
export type LedgerCheckRun = z.infer<typeof LedgerCheckRunSchema>;

export const ReconciliationSchema = z.object({
  pendingTransfers: z.object({
    total: z.number().int(),
    rows: z.array(GameTransferRowSchema.extend({ ageSeconds: z.number().int() })),
  }),
  /** payouts the bank has not settled (approved, paying), oldest first, with their age */
  pendingPayouts: z.object({
    total: z.number().int(),
    rows: z.array(
      z.object({
        id: z.string(),
        memberId: z.number().int(),
        amount: z.number(),
        currency: z.string(),
        status: z.string(),
        createdAt: z.string(),
        ageSeconds: z.number().int(),
      }),
    ),
  }),
  houseAccounts: z.array(
    z.object({ account: z.string(), currency: z.string(), balance: MinorSchema, shards: z.number().int() }),
  ),
});
export type Reconciliation = z.infer<typeof ReconciliationSchema>;

/** Reports spanning modules (read models of the `backoffice` module). */
export const adminReportEndpoints = {
  dashboard: defineEndpoint({
    method: 'GET',
    path: '/api/admin/dashboard',
    access: { operator: [] },
    response: DashboardSchema,
    summary: 'Today and the last 30 days in Bangkok time: deposits, withdrawals, net, new and active members, queues',
  }),
  queues: defineEndpoint({
    method: 'GET',
    path: '/api/admin/queues',
    access: { operator: [] },
    response: QueueCountsSchema,
    summary: 'The work waiting now by queue and state (the navigation badges; live updates ride queue.changed)',
  }),
  reconciliation: defineEndpoint({
    method: 'GET',
    path: '/api/admin/reconciliation',
    access: { operator: ['finance'] },
    response: ReconciliationSchema,
    summary: 'Game transfers and payouts still pending with their age, sums per house account',
  }),
  checkRuns: defineEndpoint({
    method: 'GET',
    path: '/api/admin/reconciliation/checks',
    access: { operator: ['finance'] },
    query: PagedQuerySchema,
    response: z.object({
      rows: z.array(LedgerCheckRunSchema),
      total: z.number().int(),
      page: z.number().int(),
      pageSize: z.number().int(),
    }),
    summary: 'Runs of the ledger invariant check (on demand and nightly), newest first',
  }),
  runCheck: defineEndpoint({
    method: 'POST',
    path: '/api/admin/reconciliation/checks',
    access: { operator: ['finance'] },
    response: z.object({ run: LedgerCheckRunSchema }),
    summary: 'Run the ledger invariant check now',
  }),
};
