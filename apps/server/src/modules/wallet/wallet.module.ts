// The wiring of the wallet module (its routes, jobs and subscribers): imported by src/bootstrap only, never by another
// module (docs/decisions/0028-module-seams.md). What other modules may call is in wallet.api.ts.
export { createWalletModule, walletModule } from './wallet.routes.ts';
export { adjustmentApprovals, adjustmentsModule } from './adjustments.routes.ts';
