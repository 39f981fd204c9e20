// The wiring of the referral module (its routes, jobs and subscribers): imported by src/bootstrap only, never by another
// module (docs/decisions/0028-module-seams.md). What other modules may call is in referral.api.ts.
export { referralModule } from './referral.routes.ts';
