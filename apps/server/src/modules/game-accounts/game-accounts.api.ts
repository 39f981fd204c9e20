// The public face of the game-accounts module: game accounts, credentials, launch, and the providers/catalogue
// wiring (GamesDeps) that the wallet and game-transfers modules share. Its routes are wired by
// game-accounts.module.ts (docs/decisions/0028-module-seams.md).
export { buildGamesDeps, type GamesModuleOptions } from './build-games-deps.ts';
export {
  findGameAccount,
  listGameAccounts,
  membersByUsername,
  updateGameBalance,
  updateGameBalanceSql,
  type GameAccount,
  type GameBalanceReading,
} from './game-accounts.repository.ts';
export { DEFAULT_TIMING, providerOf, type GamesDeps } from './games-deps.ts';
