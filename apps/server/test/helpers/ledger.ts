import { expect } from 'vitest';
import { checkLedgerInvariants } from '../../src/modules/ledger/invariants.ts';
import type { TestApp } from './test-app.ts';

/**
 * The ledger invariant (reliability.md INV) on a test app's database: Σ entries = 0 per currency, every
 * transaction balanced, no member below zero, balances = Σ entries. Call it after every money test.
 */
export async function expectLedgerSound(t: Pick<TestApp, 'ctx'>): Promise<void> {
  expect(await checkLedgerInvariants(t.ctx.db)).toEqual([]);
}
