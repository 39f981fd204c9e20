// The wiring of the backoffice module (its routes, jobs and subscribers): imported by src/bootstrap only, never by another
// module (docs/decisions/0028-module-seams.md). What other modules may call is in backoffice.api.ts.
export { createBackofficeModule } from './backoffice.routes.ts';
