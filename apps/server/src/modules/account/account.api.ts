// The public face of the account module: members, registration, profile, bank account.
export { accountModule, createAccountModule, type AccountModuleOptions } from './account.routes.ts';
