import type { ModuleFactory } from '../http/handlers.ts';
import { createGameAccountsModule, type GamesModuleOptions } from '../modules/game-accounts/game-accounts.api.ts';
import { createGameTransfersModule } from '../modules/game-transfers/game-transfers.api.ts';
import { createWalletModule } from '../modules/wallet/wallet.api.ts';

/** The three modules built on the game providers, with one set of options (tests pass fake providers, timings). */
export function createGameModules(options: GamesModuleOptions = {}): ModuleFactory[] {
  return [createWalletModule(options), createGameAccountsModule(options), createGameTransfersModule(options)];
}
