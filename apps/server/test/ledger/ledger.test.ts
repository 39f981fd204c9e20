import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../helpers/test-app.ts';
import type { Database } from '../../src/db/client.ts';
import { house, memberWallet } from '../../src/modules/ledger/account-codes.ts';
import { checkLedgerInvariants } from '../../src/modules/ledger/invariants.ts';
import { LedgerService } from '../../src/modules/ledger/ledger.service.ts';
import { toMajor, toMinor } from '../../src/modules/ledger/money.ts';

let database: Database;
let ledger: LedgerService;
beforeAll(async () => {
  database = await freshDatabase();
  await database.migrate();
  ledger = new LedgerService(database.db);
});
afterAll(async () => {
  expect(await checkLedgerInvariants(database.db)).toEqual([]);
  await database.close();
});

const fund = (memberId: number, minor: bigint, key: string) =>
  ledger.post({
    kind: 'adjustment',
    currency: 'THB',
    memberId,
    idempotencyKey: key,
    postings: [
      { account: memberWallet(memberId), amount: minor },
      { account: house('adjustment', memberId), amount: -minor },
    ],
  });

const debit = (memberId: number, minor: bigint, key: string) =>
  ledger.post({
    kind: 'withdraw',
    currency: 'THB',
    memberId,
    idempotencyKey: key,
    postings: [
      { account: memberWallet(memberId), amount: -minor },
      { account: house('withdraw', memberId), amount: minor },
    ],
  });

describe('ledger', () => {
  it('converts API decimals to satang exactly', () => {
    expect(toMinor(100.5)).toBe(10050n);
    expect(toMinor(0.29)).toBe(29n);
    expect(toMajor(10050n)).toBe(100.5);
  });

  it('refuses postings that do not sum to zero', async () => {
    await expect(
      ledger.post({ kind: 'x', currency: 'THB', postings: [{ account: 'a', amount: 1n }, { account: 'b', amount: 1n }] }),
    ).rejects.toThrow(/sum to/);
  });

  it('replays an idempotency key instead of posting twice', async () => {
    const first = await fund(1, 5000n, 'fund-1');
    const again = await fund(1, 5000n, 'fund-1');
    expect(again).toEqual({ transactionId: first.transactionId, replayed: true });
    expect(await ledger.balance(memberWallet(1), 'THB')).toBe(5000n);
  });

  it('never lets a member account go below zero', async () => {
    await expect(debit(2, 1n, 'debit-empty')).rejects.toMatchObject({ code: 'MONEY_NOT_ENOUGH' });
    await fund(2, 100n, 'fund-2');
    await expect(debit(2, 101n, 'debit-too-much')).rejects.toMatchObject({ code: 'MONEY_NOT_ENOUGH' });
    expect(await ledger.balance(memberWallet(2), 'THB')).toBe(100n);
  });
});
