import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboxEvents } from '../../src/db/schema/events.ts';
import type { PostAlongside } from '../../src/modules/ledger/post-statement.ts';
import {
  checkLedgerInvariants,
  house,
  insertWhenPosted,
  memberWallet,
  updateWhenPosted,
} from '../../src/modules/ledger/ledger.api.ts';
import { useLedgerFixture } from '../helpers/ledger-fixtures.ts';

/**
 * A posting's extra writes and events run only when it inserts a new ledger transaction (docs/decisions/0019): an
 * idempotent replay (the same key posted again) writes none of them, whether they go in the posting's statement
 * (`insertWhenPosted`, events) or after it (any other statement).
 */
const fixture = useLedgerFixture();
const db = () => fixture.database.db;

const rowsOf = (type: string) => db().select().from(outboxEvents).where(eq(outboxEvents.type, type));

function postWith(key: string, also: PostAlongside) {
  return fixture.ledger.post(
    {
      kind: 'adjustment',
      currency: 'THB',
      memberId: 41,
      idempotencyKey: key,
      postings: [
        { account: memberWallet(41), amount: 500n },
        { account: house('adjustment', 41), amount: -500n },
      ],
    },
    undefined,
    also,
  );
}

/** One of each kind of extra write: a gated insert and update in the statement, an update after it, and an event. */
const alongside = (label: string): PostAlongside => ({
  writes: [
    insertWhenPosted(outboxEvents, { type: 'test.inserted', payload: { label } }),
    updateWhenPosted((posted) =>
      db()
        .update(outboxEvents)
        .set({ payload: { label } })
        .where(and(eq(outboxEvents.type, 'test.gated-marker'), posted)),
    ),
    db().update(outboxEvents).set({ payload: { label } }).where(eq(outboxEvents.type, 'test.marker')),
  ],
  events: [{ type: 'member.updated', payload: { memberId: 41, fields: [label] } }],
});

describe('extra writes alongside a posting', () => {
  it('are written with a new posting and not on its idempotent replay', async () => {
    await db()
      .insert(outboxEvents)
      .values([
        { type: 'test.marker', payload: { label: 'none' } },
        { type: 'test.gated-marker', payload: { label: 'none' } },
      ]);

    const first = await postWith('replay-writes', alongside('first'));
    expect(first.replayed).toBe(false);
    expect((await rowsOf('test.inserted')).map((r) => r.payload)).toEqual([{ label: 'first' }]);
    expect((await rowsOf('test.marker')).map((r) => r.payload)).toEqual([{ label: 'first' }]);
    expect((await rowsOf('test.gated-marker')).map((r) => r.payload)).toEqual([{ label: 'first' }]);
    expect((await rowsOf('member.updated')).map((r) => r.payload)).toEqual([{ memberId: 41, fields: ['first'] }]);

    const replay = await postWith('replay-writes', alongside('replayed'));
    expect(replay).toEqual({ transactionId: first.transactionId, replayed: true });
    expect((await rowsOf('test.inserted')).map((r) => r.payload)).toEqual([{ label: 'first' }]);
    expect((await rowsOf('test.marker')).map((r) => r.payload)).toEqual([{ label: 'first' }]);
    expect((await rowsOf('test.gated-marker')).map((r) => r.payload)).toEqual([{ label: 'first' }]);
    expect(await rowsOf('member.updated')).toHaveLength(1);
    expect(await fixture.ledger.balance(memberWallet(41), 'THB')).toBe(500n);
    expect(await checkLedgerInvariants(fixture.database.db)).toEqual([]);
  });

  it('are not written when the posting is refused (MONEY_NOT_ENOUGH)', async () => {
    await expect(
      fixture.ledger.post(
        {
          kind: 'withdraw',
          currency: 'THB',
          memberId: 42,
          idempotencyKey: 'refused-writes',
          postings: [
            { account: memberWallet(42), amount: -1n },
            { account: house('withdraw', 42), amount: 1n },
          ],
        },
        undefined,
        { writes: [insertWhenPosted(outboxEvents, { type: 'test.refused', payload: {} })] },
      ),
    ).rejects.toMatchObject({ code: 'MONEY_NOT_ENOUGH' });
    expect(await rowsOf('test.refused')).toEqual([]);
    expect(await checkLedgerInvariants(fixture.database.db)).toEqual([]);
  });
});
