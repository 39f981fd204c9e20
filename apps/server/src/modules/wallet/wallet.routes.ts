import type { ModuleFactory } from '../../http/handlers.ts';
import { buildGamesDeps, type GamesModuleOptions } from '../game-accounts/game-accounts.api.ts';
import { WalletService } from './wallet.service.ts';

/** GET /api/wallet (the wallet view) and the game-slot balance refresh (SPEC.md §7 Wallet). */
export function createWalletModule(options: GamesModuleOptions = {}): ModuleFactory {
  return (ctx) => {
    const wallet = new WalletService(buildGamesDeps(ctx, options), ctx.memberCache);
    return {
      name: 'wallet',
      handlers: {
        'wallet.wallet': ({ member }) => wallet.wallet(member.id, member.currency),
        'wallet.refreshSlot': ({ member }) => wallet.refresh(member.id),
      },
    };
  };
}

export const walletModule: ModuleFactory = createWalletModule();
