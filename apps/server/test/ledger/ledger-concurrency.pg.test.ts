import { describe, expect, it } from 'vitest';
import { memberWallet } from '../../src/modules/ledger/account-codes.ts';
import { useLedgerFixture } from '../helpers/ledger-fixtures.ts';

const fixture = useLedgerFixture();
const { fund, debit } = fixture;
const ledger = () => fixture.ledger;

describe('ledger under concurrency (PostgreSQL)', () => {
  it('lets exactly N of 200 concurrent debits through when the balance covers N', async () => {
    await fund(3, 50n * 10000n, 'fund-3');
    const results = await Promise.allSettled(Array.from({ length: 200 }, (_, i) => debit(3, 10000n, `race-${i}`)));
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter(
      (r) => r.status === 'rejected' && (r.reason as { code?: string }).code === 'MONEY_NOT_ENOUGH',
    ).length;
    expect(ok).toBe(50);
    expect(refused).toBe(150);
    expect(await ledger().balance(memberWallet(3), 'THB')).toBe(0n);
  });

  it('posts one transaction when one key is sent 50 times at once', async () => {
    await fund(4, 100000n, 'fund-4');
    const results = await Promise.all(Array.from({ length: 50 }, () => debit(4, 10000n, 'same-key')));
    expect(new Set(results.map((r) => r.transactionId)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await ledger().balance(memberWallet(4), 'THB')).toBe(90000n);
  });
});
