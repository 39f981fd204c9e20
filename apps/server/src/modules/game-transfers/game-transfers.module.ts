// The wiring of the game-transfers module (its routes, jobs and subscribers): imported by src/bootstrap only, never by another
// module (docs/decisions/0028-module-seams.md). What other modules may call is in game-transfers.api.ts.
export { createGameTransfersModule, gameTransfersModule } from './game-transfers.routes.ts';
