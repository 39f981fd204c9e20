// The wiring of the game-accounts module (its routes, jobs and subscribers): imported by src/bootstrap only, never by another
// module (docs/decisions/0028-module-seams.md). What other modules may call is in game-accounts.api.ts.
export { createGameAccountsModule, gameAccountsModule } from './game-accounts.routes.ts';
