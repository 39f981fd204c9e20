import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Tx } from '../../src/db/client.ts';
import { pgErrorCode } from '../../src/db/pg-error.ts';
import { checkLedgerInvariants, house, memberWallet } from '../../src/modules/ledger/ledger.api.ts';
import { useLedgerFixture } from '../helpers/ledger-fixtures.ts';

/**
 * The money-transaction policy on PostgreSQL (docs/decisions/0019): `LedgerService.transaction` runs its work again,
 * from the start, after a deadlock (40P01) or a serialization failure (40001); other errors are not retried.
 */
const fixture = useLedgerFixture();
const ledger = () => fixture.ledger;

/** A promise and its resolver: one transaction waits until the other has taken its lock or snapshot. */
function signal() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const credit = (tx: Tx, memberId: number, minor: bigint, key: string) =>
  ledger().post(
    {
      kind: 'adjustment',
      currency: 'THB',
      memberId,
      idempotencyKey: key,
      postings: [
        { account: memberWallet(memberId), amount: minor },
        { account: house('adjustment', memberId), amount: -minor },
      ],
    },
    tx,
  );

const lockWallet = (tx: Tx, memberId: number) =>
  tx.execute(sql`select id from ledger_accounts where code = ${memberWallet(memberId)} for update`);

describe('LedgerService.transaction retries (PostgreSQL)', () => {
  it('a deadlock between two money transactions: the victim runs again and both post once', async () => {
    await fixture.fund(51, 100n, 'deadlock-fund-51');
    await fixture.fund(52, 100n, 'deadlock-fund-52');
    const attempts = { a: 0, b: 0 };
    const aHolds = signal();
    const bHolds = signal();
    // a locks 51 then 52, b locks 52 then 51: PostgreSQL aborts one of them with 40P01
    const a = ledger().transaction(async (tx) => {
      attempts.a++;
      await lockWallet(tx, 51);
      aHolds.resolve();
      await bHolds.promise;
      await lockWallet(tx, 52);
      return credit(tx, 51, 10n, 'deadlock-a');
    });
    const b = ledger().transaction(async (tx) => {
      attempts.b++;
      await lockWallet(tx, 52);
      bHolds.resolve();
      await aHolds.promise;
      await lockWallet(tx, 51);
      return credit(tx, 52, 10n, 'deadlock-b');
    });
    const [ra, rb] = await Promise.all([a, b]);
    console.info('ledger retry: deadlock attempts', attempts);
    expect(attempts.a + attempts.b).toBe(3);
    expect([ra.replayed, rb.replayed]).toEqual([false, false]);
    expect(await ledger().balance(memberWallet(51), 'THB')).toBe(110n);
    expect(await ledger().balance(memberWallet(52), 'THB')).toBe(110n);
    expect(await checkLedgerInvariants(fixture.database.db)).toEqual([]);
  });

  it('a serialization failure under repeatable read: the loser runs again on a new snapshot', async () => {
    await fixture.fund(53, 1_000n, 'serial-fund-53');
    const attempts = { a: 0, b: 0 };
    const aRead = signal();
    const bRead = signal();
    // both read the wallet (their snapshots), then both debit it: the second to write gets 40001
    const debit = (name: 'a' | 'b', mine: ReturnType<typeof signal>, theirs: ReturnType<typeof signal>) =>
      ledger().transaction(
        async (tx) => {
          attempts[name]++;
          const seen = await ledger().balance(memberWallet(53), 'THB', tx);
          mine.resolve();
          await theirs.promise;
          await ledger().post(
            {
              kind: 'withdraw',
              currency: 'THB',
              memberId: 53,
              idempotencyKey: `serial-${name}`,
              postings: [
                { account: memberWallet(53), amount: -100n },
                { account: house('withdraw', 53), amount: 100n },
              ],
            },
            tx,
          );
          return seen;
        },
        { isolationLevel: 'repeatable read' },
      );
    const seen = await Promise.all([debit('a', aRead, bRead), debit('b', bRead, aRead)]);
    console.info('ledger retry: serialization attempts', attempts);
    expect(attempts.a + attempts.b).toBe(3);
    // the retried one read the balance after the other's debit
    expect(seen.sort((x, y) => Number(x - y))).toEqual([900n, 1_000n]);
    expect(await ledger().balance(memberWallet(53), 'THB')).toBe(800n);
    expect(await checkLedgerInvariants(fixture.database.db)).toEqual([]);
  });

  it('does not retry other errors, and gives up on a failure that keeps coming back', async () => {
    let attempts = 0;
    await expect(
      ledger().transaction(async (tx) => {
        attempts++;
        await credit(tx, 54, 10n, 'not-retried');
        throw new Error('the caller refuses');
      }),
    ).rejects.toThrow('the caller refuses');
    expect(attempts).toBe(1);

    attempts = 0;
    const failure = await ledger()
      .transaction(async (tx) => {
        attempts++;
        await credit(tx, 54, 10n, 'always-40001');
        await tx.execute(sql`do $$ begin raise exception 'forced' using errcode = '40001'; end $$`);
      })
      .catch((err: unknown) => err);
    expect(pgErrorCode(failure)).toBe('40001');
    expect(attempts).toBe(5);
    // every attempt rolled back with its posting
    expect(await ledger().balance(memberWallet(54), 'THB')).toBe(0n);
    expect(await checkLedgerInvariants(fixture.database.db)).toEqual([]);
  });
});
