// The wiring of the auth module (its routes, jobs and subscribers): imported by src/bootstrap only, never by another
// module (docs/decisions/0028-module-seams.md). What other modules may call is in auth.api.ts.
export { operatorsModule } from './operators.routes.ts';
// Passkeys for quick sign-in (docs/decisions/0040-passkeys.md).
export { passkeysModule } from './passkeys.routes.ts';
// The demo operators the demo seed and `npm start` create (bootstrap/demo.ts).
export { DEMO_OPERATOR, DEMO_SECOND_ADMIN, seedDemoOperator } from './demo-operator.ts';
