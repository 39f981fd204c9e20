// The wiring of the promotions module (its routes, jobs and subscribers): imported by src/bootstrap only, never by another
// module (docs/decisions/0028-module-seams.md). What other modules may call is in promotions.api.ts.
export { createPromotionsModule, promotionsModule } from './promotions.routes.ts';
