import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../clock.ts';
import type { ModuleFactory } from '../../http/handlers.ts';
import { memberSummary, searchMembers } from '../account/account.api.ts';
import { memberTransfers } from '../game-transfers/game-transfers.api.ts';
import { LedgerService, memberLedgerEntries } from '../ledger/ledger.api.ts';
import { createRateLimitStore, RateLimiter, type RateLimitStore } from '../../lib/rate-limiter.ts';
import { dashboard } from './dashboard.ts';
import { exportWithdrawals } from './exports.ts';
import {
  addNote,
  linkedMembers,
  memberDepositsPage,
  memberWithdrawalsPage,
  notesOf,
  providerActivity,
} from './member360.ts';
import { periodReport, periodReportCsv } from './period-report.ts';
import { globalSearch } from './search.ts';
import { memberDetail } from './member-view.ts';
import { queueCounts } from './queue-counts.ts';
import { startQueueFeed } from './queue-feed.ts';
import { ledgerCheckHistory, reconciliation, runLedgerCheck } from './reconciliation.ts';
import { ledgerRow, transferRow } from './rows.ts';

export type BackofficeModuleOptions = {
  /** the whole ledger invariant (the ledger's checks plus each money module's); bootstrap passes it */
  ledgerProblems: (db: Db, clock: Clock) => Promise<string[]>;
  /** the global search's rate-limit counters (tests pass a memory store); default: Redis, or memory without it */
  rateLimitStore?: RateLimitStore;
};

/** The site's main currency: reports are in it. */
const siteCurrency = (ctx: Pick<AppContext, 'config'>) => (ctx.config.variant === 'la' ? 'LAK' : 'THB');

/**
 * The back office's read models across modules (docs/design.md §9.1): member search and page, dashboard,
 * reconciliation. It reads other modules only through their public `*.api.ts`.
 */
export function createBackofficeModule(options: BackofficeModuleOptions): ModuleFactory {
  return (ctx) => {
    const { db, clock } = ctx;
    const ledger = new LedgerService(db);
    const store =
      options.rateLimitStore ??
      createRateLimitStore(ctx.config, (err) => ctx.log.error({ err }, 'rate-limit store failed; limits skipped'));
    const limiter = new RateLimiter(store, clock);
    const actorOf = (op: { id: number; username: string }, ip: string) => ({ id: op.id, username: op.username, ip });
    return {
      name: 'backoffice',
      plugin: async (app) => {
        // the live queues: committed queue changes become `queue.changed` signals to the operator consoles
        const stopQueueFeed = startQueueFeed({ db, realtime: ctx.realtime, log: ctx.log });
        app.addHook('onClose', async () => {
          stopQueueFeed();
          await store.close();
        });
      },
      handlers: {
        // member 360, global search, exports (docs/decisions/0034-member-360-and-exports.md)
        'admin.member360.notes': ({ params, query }) => notesOf(db, params.id, query),
        'admin.member360.addNote': async ({ operator, params, body, request }) => ({
          note: await addNote({ db, now: clock.now() }, actorOf(operator, request.ip), params.id, body.body),
        }),
        'admin.member360.linked': async ({ params }) => ({ rows: await linkedMembers(db, params.id) }),
        'admin.member360.withdrawals': ({ params, query }) => memberWithdrawalsPage(db, params.id, query),
        'admin.member360.deposits': ({ params, query }) => memberDepositsPage(db, params.id, query),
        'admin.member360.providers': async ({ params, query }) => ({
          rows: await providerActivity(db, params.id, query),
        }),
        'admin.search.global': ({ operator, query }) => globalSearch({ db, limiter }, operator, query.q),
        'admin.exports.withdrawals': ({ operator, query, reply, request }) =>
          exportWithdrawals(ctx, actorOf(operator, request.ip), query, reply),
        'admin.periodReport.summary': ({ query }) => periodReport(db, siteCurrency(ctx), query.from, query.to),
        'admin.periodReport.csv': ({ operator, query, reply, request }) =>
          periodReportCsv(
            { db, now: clock.now(), currency: siteCurrency(ctx) },
            actorOf(operator, request.ip),
            query,
            reply,
          ),
        'admin.members.search': async ({ query }) => {
          const page = await searchMembers(db, query);
          return { rows: page.rows.map(memberSummary), total: page.total, page: query.page, pageSize: query.pageSize };
        },
        'admin.members.detail': ({ params }) => memberDetail({ db, ledger, now: clock.now() }, params.id),
        'admin.members.ledger': async ({ params, query }) => {
          const page = await memberLedgerEntries(db, params.id, query);
          return { rows: page.rows.map(ledgerRow), total: page.total, page: query.page, pageSize: query.pageSize };
        },
        'admin.members.transfers': async ({ params, query }) => {
          const page = await memberTransfers(db, params.id, query);
          return { rows: page.rows.map(transferRow), total: page.total, page: query.page, pageSize: query.pageSize };
        },
        'admin.reports.dashboard': () => dashboard({ db, now: clock.now(), currency: siteCurrency(ctx) }),
        'admin.reports.queues': () => queueCounts(db),
        'admin.reports.reconciliation': () => reconciliation(db, clock.now()),
        'admin.reports.checkRuns': async ({ query }) => ({
          ...(await ledgerCheckHistory(db, query)),
          page: query.page,
          pageSize: query.pageSize,
        }),
        'admin.reports.runCheck': async ({ operator }) => ({
          run: await runLedgerCheck(
            { db, now: () => clock.now(), check: () => options.ledgerProblems(db, clock) },
            'manual',
            operator.username,
          ),
        }),
      },
    };
  };
}
