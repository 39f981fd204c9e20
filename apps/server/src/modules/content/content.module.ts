// The wiring of the content module (its routes, jobs and subscribers): imported by src/bootstrap only, never by another
// module (docs/decisions/0028-module-seams.md). What other modules may call is in content.api.ts.
export { contentModule } from './content.routes.ts';
