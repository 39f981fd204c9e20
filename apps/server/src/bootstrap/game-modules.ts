import type { ModuleFactory } from '../http/handlers.ts';
import type { GamesModuleOptions } from '../modules/game-accounts/game-accounts.api.ts';
import { createGameAccountsModule } from '../modules/game-accounts/game-accounts.module.ts';
import { createGameTransfersModule } from '../modules/game-transfers/game-transfers.module.ts';
import { createWalletModule } from '../modules/wallet/wallet.module.ts';

/** The three modules built on the game providers, with one set of options (tests pass fake providers, timings). */
export function createGameModules(options: GamesModuleOptions = {}): ModuleFactory[] {
  return [createWalletModule(options), createGameAccountsModule(options), createGameTransfersModule(options)];
}
