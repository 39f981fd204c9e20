// The wiring of the spin-wheel module (its routes, jobs and subscribers): imported by src/bootstrap only, never by another
// module (docs/decisions/0028-module-seams.md). What other modules may call is in spin-wheel.api.ts.
export { createSpinWheelModule, spinWheelModule } from './spin-wheel.routes.ts';
