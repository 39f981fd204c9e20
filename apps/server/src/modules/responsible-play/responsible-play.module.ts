// The wiring of the responsible-play module (its routes): imported by src/bootstrap only, never by another module
// (docs/decisions/0028-module-seams.md). What other modules may call is in responsible-play.api.ts.
export { responsiblePlayModule } from './responsible-play.routes.ts';
