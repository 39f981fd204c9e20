// The schema registry drizzle needs as one object; each domain keeps its tables in its own file.
export * from './core.ts';
export * from './ledger.ts';
export * from './otp.ts';
export * from './games.ts';
export * from './idempotency.ts';
export * from './jobs.ts';
export * from './operators.ts';
export * from './security-events.ts';
export * from './deposits.ts';
