import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import type { ModuleFactory } from '../http/handlers.ts';
import { defineJob } from '../jobs/job-types.ts';
import { gameTransfersLedgerCheck, pendingTransfersCheck } from '../modules/game-transfers/game-transfers.api.ts';
import { checkLedgerInvariants } from '../modules/ledger/ledger.api.ts';

/** The whole invariant, as `npm run ledger:check` runs it: the ledger's own checks plus each money module's. */
export function ledgerProblems(db: Db, clock: Clock): Promise<string[]> {
  return checkLedgerInvariants(db, [gameTransfersLedgerCheck, (d) => pendingTransfersCheck(d, clock)]);
}

/**
 * The nightly ledger invariant check (DESIGN.md §9.2), 02:00 Bangkok. A clean run records `{ problems: 0 }`; a
 * violation fails the run (no retry: the books will not heal by asking again) with the first problems in its error,
 * so the run history shows it, and logs every problem.
 */
export const ledgerCheckModule: ModuleFactory = (ctx) => ({
  name: 'ledger-check',
  jobs: [
    defineJob({
      name: 'ledger-invariant-check',
      schedule: { dailyAt: '02:00' },
      retry: { limit: 0 },
      timeoutSeconds: 3600,
      handler: async () => {
        const problems = await ledgerProblems(ctx.db, ctx.clock);
        if (problems.length === 0) return { problems: 0 };
        ctx.log.error({ problems }, 'ledger invariant violated');
        throw new Error(`${problems.length} ledger invariant violation(s): ${problems.slice(0, 5).join('; ')}`);
      },
    }),
  ],
});
