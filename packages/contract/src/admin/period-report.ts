import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { MinorSchema } from './members.ts';

/**
 * The reports page (docs/decisions/0034-member-360-and-exports.md): a range of Bangkok days (`from`..`to`, both
 * included, at most 92 days) by day, by game provider, by deposit channel and by operator; amounts in minor units.
 */
export const REPORT_MAX_DAYS = 92;
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const PeriodQuerySchema = z.object({ from: Day, to: Day });
export const REPORT_SECTIONS = ['days', 'providers', 'channels', 'operators'] as const;

export const PeriodReportSchema = z.object({
  currency: z.string(),
  from: Day,
  to: Day,
  /** every day of the range: deposits credited, withdrawals paid, net */
  days: z.array(z.object({ day: Day, deposits: MinorSchema, withdrawals: MinorSchema, net: MinorSchema })),
  /**
   * per game provider: settled transfers (into the game, back to the wallet, the wallets' net = out − in, how many) and
   * the settled bets placed in the range (how many, stakes, payouts, and the members' win/loss = payouts − stakes)
   */
  providers: z.array(
    z.object({
      game: z.string(),
      toGame: MinorSchema,
      fromGame: MinorSchema,
      net: MinorSchema,
      count: z.number(),
      bets: z.number().int(),
      stakes: MinorSchema,
      payouts: MinorSchema,
      winLoss: MinorSchema,
    }),
  ),
  /** credited deposits by channel */
  channels: z.array(z.object({ channel: z.string(), amount: MinorSchema, count: z.number().int() })),
  /** audited actions and approvals per operator, withdrawals decided and the mean time to decision */
  operators: z.array(
    z.object({
      operator: z.string(),
      actions: z.number().int(),
      approvals: z.number().int(),
      withdrawalsDecided: z.number().int(),
      meanDecisionSeconds: z.number().int().nullable(),
    }),
  ),
});
export type PeriodReport = z.infer<typeof PeriodReportSchema>;

const access = { operator: ['finance', 'admin'] } as const;

export const adminPeriodReportEndpoints = {
  summary: defineEndpoint({
    method: 'GET',
    path: '/api/admin/period-report',
    access,
    query: PeriodQuerySchema,
    response: PeriodReportSchema,
    summary: 'Money and work over a range of Bangkok days: by day, provider, deposit channel and operator',
  }),
  csv: defineEndpoint({
    method: 'GET',
    path: '/api/admin/period-report.csv',
    access,
    query: PeriodQuerySchema.extend({ section: z.enum(REPORT_SECTIONS) }),
    // the body is a CSV file (UTF-8 with BOM), never JSON
    response: z.unknown(),
    summary: 'One section of the period report as CSV (audited)',
  }),
};
