import { afterAll, beforeAll, expect } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { house, memberWallet } from '../../src/modules/ledger/account-codes.ts';
import { checkLedgerInvariants } from '../../src/modules/ledger/invariants.ts';
import { LedgerService } from '../../src/modules/ledger/ledger.service.ts';
import { freshDatabase } from './test-app.ts';
import type { LedgerKind } from '../../src/modules/ledger/ledger-kinds.ts';

/**
 * A migrated database and a ledger for the file, with `fund` (house → member) and `debit` (member → house)
 * helpers; the ledger invariant is checked after the file's last test.
 */
export function useLedgerFixture() {
  const state = {} as { database: Database; ledger: LedgerService };
  beforeAll(async () => {
    state.database = await freshDatabase();
    await state.database.migrate();
    state.ledger = new LedgerService(state.database.db);
  });
  afterAll(async () => {
    expect(await checkLedgerInvariants(state.database.db)).toEqual([]);
    await state.database.close();
  });
  const move = (kind: string, memberId: number, minor: bigint, key: string) =>
    state.ledger.post({
      kind: kind as LedgerKind,
      currency: 'THB',
      memberId,
      idempotencyKey: key,
      postings: [
        { account: memberWallet(memberId), amount: kind === 'adjustment' ? minor : -minor },
        { account: house(kind, memberId), amount: kind === 'adjustment' ? -minor : minor },
      ],
    });
  return {
    get ledger() {
      return state.ledger;
    },
    get database() {
      return state.database;
    },
    fund: (memberId: number, minor: bigint, key: string) => move('adjustment', memberId, minor, key),
    debit: (memberId: number, minor: bigint, key: string) => move('withdraw', memberId, minor, key),
  };
}
