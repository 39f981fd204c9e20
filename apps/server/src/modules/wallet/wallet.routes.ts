import { subscribe } from '../../events/subscriber.ts';
import type { ModuleFactory } from '../../http/handlers.ts';
import { buildGamesDeps, type GamesModuleOptions } from '../game-accounts/game-accounts.api.ts';
import { WalletService } from './wallet.service.ts';

/** GET /api/wallet (the wallet view) and the game-slot balance refresh (docs/spec.md §7 Wallet). */
export function createWalletModule(options: GamesModuleOptions = {}): ModuleFactory {
  return (ctx) => {
    const wallet = new WalletService(buildGamesDeps(ctx, options), ctx.memberCache);
    return {
      name: 'wallet',
      handlers: {
        'wallet.wallet': ({ member }) => wallet.wallet(member.id, member.currency),
        'wallet.refreshSlot': ({ member }) => wallet.refresh(member.id),
      },
      // the member's tabs and devices refetch the wallet after a money move, on whichever process holds their
      // socket (the push crosses processes through the Redis adapter); delivered after commit, at least once
      subscribers: [
        subscribe('ledger.posted', 'wallet.push-ledger', async ({ memberIds }) => {
          for (const id of memberIds) ctx.realtime.push(id, 'wallet.changed', { reason: 'ledger' });
        }),
        subscribe('game.balanceChanged', 'wallet.push-game', async ({ memberId }) => {
          ctx.realtime.push(memberId, 'wallet.changed', { reason: 'game' });
        }),
      ],
    };
  };
}

export const walletModule: ModuleFactory = createWalletModule();
