// The wiring of the deposits module (its routes, jobs and subscribers): imported by src/bootstrap only, never by another
// module (docs/decisions/0028-module-seams.md). What other modules may call is in deposits.api.ts.
export { depositsModule } from './deposits.routes.ts';
/** The approvals queue's executor for manual notices (docs/decisions/0022-four-eyes-approvals.md). */
export { manualDepositApprovals } from './manual-approvals.ts';
