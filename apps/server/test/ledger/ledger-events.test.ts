import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboxEvents } from '../../src/db/schema/events.ts';
import { memberWallet } from '../../src/modules/ledger/account-codes.ts';
import { useLedgerFixture } from '../helpers/ledger-fixtures.ts';

const fixture = useLedgerFixture();

const postedEvents = () =>
  fixture.database.db.select().from(outboxEvents).where(eq(outboxEvents.type, 'ledger.posted'));

describe('ledger.posted', () => {
  it('is emitted once per new transaction, in its transaction, never on a replay or a refusal', async () => {
    const first = await fixture.fund(31, 5000n, 'events-fund-31');
    await fixture.fund(31, 5000n, 'events-fund-31'); // replay
    await expect(fixture.debit(31, 9000n, 'events-debit-31')).rejects.toMatchObject({ code: 'MONEY_NOT_ENOUGH' });
    const events = await postedEvents();
    expect(events.map((e) => e.payload)).toEqual([
      { transactionId: String(first.transactionId), kind: 'adjustment', currency: 'THB', memberIds: [31] },
    ]);
    expect(await fixture.ledger.balance(memberWallet(31), 'THB')).toBe(5000n);
  });
});
