// The wiring of the notify module (its routes, webhook, job and subscribers): imported by src/bootstrap only, never by
// another module (docs/decisions/0028-module-seams.md). What other modules may call is in notify.api.ts.
export { notifyModule } from './notify.routes.ts';
