// The schema registry drizzle needs as one object. Each file holds the tables of ONE owner and is named after it:
// a module (modules/<name>/) or a platform area (src/<name>/: events, http, jobs). Only the owner imports its
// tables; others call its <module>.api.ts (lint: wallet-boundaries/table-owner, docs/decisions/0009-module-cut.md).
export * from './account.ts';
export * from './approvals.ts';
export * from './audit.ts';
export * from './auth.ts';
export * from './content.ts';
export * from './events.ts';
export * from './game-accounts.ts';
export * from './game-transfers.ts';
export * from './http.ts';
export * from './jobs.ts';
export * from './ledger.ts';
export * from './otp.ts';
export * from './settings.ts';
export * from './spin-wheel.ts';
export * from './withdrawals.ts';
export * from './wallet.ts';
export * from './backoffice.ts';
export * from './chat.ts';
export * from './deposits.ts';
export * from './referral.ts';
export * from './promotions.ts';
export * from './refunds.ts';
export * from './inbox.ts';
export * from './notify.ts';
export * from './responsible-play.ts';
