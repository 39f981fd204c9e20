import type { ModuleFactory } from '../../http/handlers.ts';
import { defineJob } from '../../jobs/job-types.ts';
import { LedgerService } from '../ledger/ledger.api.ts';
import { computeDailyRefunds, yesterdayOf } from './daily-refunds.ts';
import { seedDemoRefund } from './demo-refund.ts';
import { RefundService } from './refund.service.ts';
import { RefundsAdminService } from './refunds-admin.service.ts';

/** Daily loss refunds (docs/design.md §4, §9.6): the 00:05 job, check / receive / addWallet / log, the back-office view. */
export const refundsModule: ModuleFactory = (ctx) => {
  const deps = { db: ctx.db, clock: ctx.clock, settings: ctx.settings, ledger: new LedgerService(ctx.db) };
  const service = new RefundService(deps);
  const admin = new RefundsAdminService(ctx.db);
  return {
    name: 'refunds',
    handlers: {
      'promotions.refundCheck': ({ member }) => service.check(member),
      'promotions.refundReceive': ({ member }) => service.receive(member),
      'promotions.refundAddWallet': ({ member }) => service.addWallet(member),
      'promotions.refunds': ({ member, body }) => service.list(member.id, body),
      'admin.refunds.runs': ({ query }) => admin.runs(query),
      'admin.refunds.list': ({ query }) => admin.list(query),
    },
    jobs: [
      defineJob({
        name: 'daily-refunds',
        // yesterday's bets are in the summary by then (the turnover pull runs every minute)
        schedule: { dailyAt: '00:05' },
        handler: ({ slot }) => computeDailyRefunds(deps, yesterdayOf(slot ? new Date(slot) : ctx.clock.now())),
      }),
    ],
    seed: async ({ config }) => {
      if (config.demoData) await seedDemoRefund(deps);
    },
  };
};
