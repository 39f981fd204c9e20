// The wiring of the statement module (its routes, jobs and subscribers): imported by src/bootstrap only, never by another
// module (docs/decisions/0028-module-seams.md). What other modules may call is in statement.api.ts.
export { statementModule } from './statement.routes.ts';
