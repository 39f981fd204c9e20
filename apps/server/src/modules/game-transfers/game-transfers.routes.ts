import type { ModuleFactory } from '../../http/handlers.ts';
import { defineJob } from '../../jobs/job-types.ts';
import { buildGamesDeps, type GamesModuleOptions } from '../game-accounts/game-accounts.api.ts';
import { RECONCILE_INTERVAL_MS, reconcilePending } from './reconciler.ts';
import { TransferService } from './transfer.service.ts';

/** Wallet ↔ game transfers and their reconciler (docs/spec.md §7 Wallet, docs/design.md §3). */
export function createGameTransfersModule(options: GamesModuleOptions = {}): ModuleFactory {
  return (ctx) => {
    const deps = buildGamesDeps(ctx, options);
    const transfers = new TransferService(deps);
    return {
      name: 'game-transfers',
      handlers: {
        'wallet.transfer': ({ member, body }) => transfers.transfer(member, body),
        'wallet.transferAll': ({ member, body }) => transfers.transferAll(member, body.to),
      },
      jobs: [
        defineJob({
          name: 'game-transfer-reconciler',
          schedule: { everySeconds: RECONCILE_INTERVAL_MS / 1000 },
          // the next slot comes in seconds and asks again: no retry of its own
          retry: { limit: 0 },
          handler: async () => {
            const report = await reconcilePending(deps);
            if (report.checked > 0) ctx.log.info({ reconcile: report }, 'game transfers reconciled');
            return report;
          },
        }),
      ],
    };
  };
}

export const gameTransfersModule: ModuleFactory = createGameTransfersModule();
