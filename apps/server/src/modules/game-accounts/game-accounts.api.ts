// The public face of the game-accounts module: game accounts, credentials, launch, and the providers/catalogue
// wiring (GamesDeps) that the wallet and game-transfers modules share.
export { buildGamesDeps, type GamesModuleOptions } from './build-games-deps.ts';
export { createGameAccountsModule, gameAccountsModule } from './game-accounts.routes.ts';
export {
  findGameAccount,
  listGameAccounts,
  membersByUsername,
  updateGameBalance,
  updateGameBalanceSql,
  type GameAccount,
  type GameBalanceReading,
} from './game-accounts.repository.ts';
export { DEFAULT_TIMING, providerOf, type GameInfo, type GamesDeps, type TransferTiming } from './games-deps.ts';
