// The wiring of the refunds module (its routes, jobs and subscribers): imported by src/bootstrap only, never by another
// module (docs/decisions/0028-module-seams.md). What other modules may call is in refunds.api.ts.
export { refundsModule } from './refunds.routes.ts';
