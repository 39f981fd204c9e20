// The wiring of the inbox module (its routes and subscribers): imported by src/bootstrap only, never by another
// module (docs/decisions/0028-module-seams.md). What other modules may call is in inbox.api.ts.
export { inboxModule } from './inbox.routes.ts';
