import { describe, expect, it } from 'vitest';
import { memberWallet } from '../../src/modules/ledger/account-codes.ts';
import { useLedgerFixture } from '../helpers/ledger-fixtures.ts';
import { toMajor, toMinor } from '../../src/modules/ledger/money.ts';
import type { LedgerKind } from '../../src/modules/ledger/ledger-kinds.ts';

const fixture = useLedgerFixture();
const { fund, debit } = fixture;
const ledger = () => fixture.ledger;

describe('ledger', () => {
  it('converts API decimals to satang exactly', () => {
    expect(toMinor(100.5)).toBe(10050n);
    expect(toMinor(0.29)).toBe(29n);
    expect(toMajor(10050n)).toBe(100.5);
  });

  it('refuses postings that do not sum to zero', async () => {
    await expect(
      ledger().post({
        kind: 'x' as LedgerKind, // not in the registry: the sum check comes first
        currency: 'THB',
        postings: [
          { account: 'a', amount: 1n },
          { account: 'b', amount: 1n },
        ],
      }),
    ).rejects.toThrow(/sum to/);
  });

  it('replays an idempotency key instead of posting twice', async () => {
    const first = await fund(1, 5000n, 'fund-1');
    const again = await fund(1, 5000n, 'fund-1');
    expect(again).toEqual({ transactionId: first.transactionId, replayed: true });
    expect(await ledger().balance(memberWallet(1), 'THB')).toBe(5000n);
  });

  it('never lets a member account go below zero', async () => {
    await expect(debit(2, 1n, 'debit-empty')).rejects.toMatchObject({ code: 'MONEY_NOT_ENOUGH' });
    await fund(2, 100n, 'fund-2');
    await expect(debit(2, 101n, 'debit-too-much')).rejects.toMatchObject({ code: 'MONEY_NOT_ENOUGH' });
    expect(await ledger().balance(memberWallet(2), 'THB')).toBe(100n);
  });
});
