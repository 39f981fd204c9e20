import type { ModuleFactory } from '../../http/handlers.ts';
import { buildGamesDeps, type GamesModuleOptions } from '../game-accounts/game-accounts.api.ts';
import { RECONCILE_INTERVAL_MS, reconcilePending } from './reconciler.ts';
import { TransferService } from './transfer.service.ts';

/** Wallet ↔ game transfers and their reconciler (SPEC.md §7 Wallet, DESIGN.md §3). */
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
        {
          name: 'game-transfer-reconciler',
          intervalMs: RECONCILE_INTERVAL_MS,
          run: async () => {
            const report = await reconcilePending(deps);
            if (report.checked > 0) ctx.log.info({ reconcile: report }, 'game transfers reconciled');
          },
        },
      ],
    };
  };
}

export const gameTransfersModule: ModuleFactory = createGameTransfersModule();
