// The wiring of the approvals module (its routes, jobs and subscribers): imported by src/bootstrap only, never by another
// module (docs/decisions/0028-module-seams.md). What other modules may call is in approvals.api.ts.
export { createApprovalsModule } from './approvals.routes.ts';
