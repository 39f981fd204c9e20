// The wiring of the withdrawals module (its routes, jobs and subscribers): imported by src/bootstrap only, never by another
// module (docs/decisions/0028-module-seams.md). What other modules may call is in withdrawals.api.ts.
export { createWithdrawalsModule, withdrawalsModule } from './withdrawals.routes.ts';
