import { expect } from 'vitest';
import { gameTransfersLedgerCheck, pendingTransfersCheck } from '../../src/modules/game-transfers/transfer-checks.ts';
import { checkLedgerInvariants } from '../../src/modules/ledger/invariants.ts';
import type { TestApp } from './test-app.ts';

/**
 * The ledger invariant (docs/reliability.md INV) on a test app's database, as `npm run ledger:check` runs it:
 * Σ entries = 0 per currency, every transaction balanced, no member below zero, balances = Σ entries, every game
 * transfer with exactly the postings its state calls for, and (unless `allowLatePending`) no game transfer
 * pending past its SLA on the app's clock. Call it after every money test.
 */
export async function expectLedgerSound(
  t: Pick<TestApp, 'ctx'>,
  options: { allowLatePending?: boolean } = {},
): Promise<void> {
  const checks = [gameTransfersLedgerCheck];
  if (!options.allowLatePending) checks.push((db) => pendingTransfersCheck(db, t.ctx.clock));
  expect(await checkLedgerInvariants(t.ctx.db, checks)).toEqual([]);
}
