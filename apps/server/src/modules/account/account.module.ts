// The wiring of the account module (its routes, jobs and subscribers): imported by src/bootstrap only, never by another
// module (docs/decisions/0028-module-seams.md). What other modules may call is in account.api.ts.
export { accountModule, createAccountModule } from './account.routes.ts';
export { memberAdminModule } from './member-admin.routes.ts';
