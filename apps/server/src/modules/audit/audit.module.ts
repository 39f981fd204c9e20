// The wiring of the audit module (its routes, jobs and subscribers): imported by src/bootstrap only, never by another
// module (docs/decisions/0028-module-seams.md). What other modules may call is in audit.api.ts.
export { auditModule } from './audit.routes.ts';
