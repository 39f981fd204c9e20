import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import type { ModuleFactory } from '../http/handlers.ts';
import { defineJob } from '../jobs/job-types.ts';
import { runLedgerCheck } from '../modules/backoffice/backoffice.api.ts';
import { gameTransfersLedgerCheck, pendingTransfersCheck } from '../modules/game-transfers/game-transfers.api.ts';
import { checkLedgerInvariants } from '../modules/ledger/ledger.api.ts';

/** The whole invariant, as `npm run ledger:check` runs it: the ledger's own checks plus each money module's. */
export function ledgerProblems(db: Db, clock: Clock): Promise<string[]> {
  return checkLedgerInvariants(db, [gameTransfersLedgerCheck, (d) => pendingTransfersCheck(d, clock)]);
}

/**
 * The nightly ledger invariant check (docs/design.md §9.2), 02:00 Bangkok. Each run is recorded for the back office's
 * reconciliation page (ledger_check_runs). A clean run records `{ problems: 0 }`; a violation fails the run (no
 * retry: the books will not heal by asking again) with the first problems in its error, so the run history shows
 * it, and logs every problem.
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
        const run = await runLedgerCheck(
          { db: ctx.db, now: () => ctx.clock.now(), check: () => ledgerProblems(ctx.db, ctx.clock) },
          'nightly',
          null,
        );
        if (run.ok) return { problems: 0 };
        ctx.log.error({ problems: run.problems }, 'ledger invariant violated');
        throw new Error(`${run.problemCount} ledger invariant violation(s): ${run.problems.slice(0, 5).join('; ')}`);
      },
    }),
  ],
});
