import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { GameTransferRowSchema, MinorSchema } from './members.ts';
import { PagedQuerySchema } from './paging.ts';

export const DayFiguresSchema = z.object({
  /** the Bangkok calendar day, YYYY-MM-DD */
  day: z.string(),
  deposits: MinorSchema,
  withdrawals: MinorSchema,
  /** deposits − withdrawals */
  net: MinorSchema,
  newMembers: z.number().int(),
  activeMembers: z.number().int(),
});
export type DayFigures = z.infer<typeof DayFiguresSchema>;

export const QueueCountSchema = z.object({
  /** `adjustments`, `withdrawals`... */
  queue: z.string(),
  /** null while the module that owns the queue does not expose it yet */
  count: z.number().int().nullable(),
});

export const DashboardSchema = z.object({
  currency: z.string(),
  today: DayFiguresSchema,
  /** the last 30 Bangkok days, oldest first, today last */
  days: z.array(DayFiguresSchema),
  totals30: DayFiguresSchema.omit({ day: true }),
  pending: z.array(QueueCountSchema),
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
  /** payouts still pending; `available: false` until the withdrawals module exposes them */
  pendingPayouts: z.object({ available: z.boolean(), rows: z.array(z.record(z.string(), z.unknown())) }),
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
