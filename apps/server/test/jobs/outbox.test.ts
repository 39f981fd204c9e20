import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { outboxDeliveries, outboxEvents } from '../../src/db/schema/events.ts';
import { emit } from '../../src/events/emit.ts';
import { subscribe } from '../../src/events/subscriber.ts';
import { eachTestOnFreshDatabase, startRunner, waitFor } from './runner-harness.ts';

let database: Database;
eachTestOnFreshDatabase((d) => (database = d));

describe('transactional outbox', () => {
  it('delivers a committed event to every subscriber once, and a rolled-back one never', async () => {
    const got: Array<[string, number]> = [];
    await startRunner(database, {
      subscribers: [
        subscribe('member.updated', 'test.a', async (p) => void got.push(['a', p.memberId])),
        subscribe('member.updated', 'test.b', async (p) => void got.push(['b', p.memberId])),
        subscribe('settings.updated', 'test.c', async () => void got.push(['c', 0])),
      ],
    });
    await expect(
      database.db.transaction(async (tx) => {
        await emit(tx, { type: 'member.updated', payload: { memberId: 1, fields: ['name'] } });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    const id = await database.db.transaction((tx) =>
      emit(tx, { type: 'member.updated', payload: { memberId: 2, fields: ['name'] } }),
    );
    await waitFor(async () => {
      const [row] = await database.db.select().from(outboxEvents).where(eq(outboxEvents.id, id));
      expect(row?.deliveredAt).toBeInstanceOf(Date);
    });
    expect(got.sort()).toEqual([
      ['a', 2],
      ['b', 2],
    ]);
    expect(await database.db.select().from(outboxEvents)).toHaveLength(1);
    const deliveries = await database.db.select().from(outboxDeliveries);
    expect(deliveries.map((d) => d.subscriber).sort()).toEqual(['test.a', 'test.b']);
  });

  it('delivers an event at its commit (the poll is a minute away), and a rolled-back one never', async () => {
    const got: Array<{ memberId: number; at: number }> = [];
    await startRunner(database, {
      outboxPollMs: 60_000,
      subscribers: [subscribe('member.updated', 'test.prompt', async (p) => void got.push({ ...p, at: Date.now() }))],
    });
    await expect(
      database.db.transaction(async (tx) => {
        await emit(tx, { type: 'member.updated', payload: { memberId: 1, fields: ['name'] } });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    let committedAt = 0;
    await database.db.transaction(async (tx) => {
      await emit(tx, { type: 'member.updated', payload: { memberId: 2, fields: ['name'] } });
      // the relay has been woken by nothing yet: a signal before commit would find no row and wait for the poll
      committedAt = Date.now();
    });
    await vi.waitFor(() => expect(got).toHaveLength(1), { timeout: 5_000, interval: 10 });
    expect(got[0]?.memberId).toBe(2);
    expect(got[0]!.at - committedAt).toBeLessThan(1_000);
    expect(await database.db.select().from(outboxEvents)).toHaveLength(1);
  });

  it('retries only the subscriber that failed, with backoff, until it succeeds', async () => {
    let aCalls = 0;
    let bCalls = 0;
    await startRunner(database, {
      subscribers: [
        subscribe('session.revoked', 'test.ok', async () => void (aCalls += 1)),
        subscribe('session.revoked', 'test.flaky', async () => {
          bCalls += 1;
          if (bCalls < 3) throw new Error(`flaky ${bCalls}`);
        }),
      ],
    });
    const id = await database.db.transaction((tx) =>
      emit(tx, { type: 'session.revoked', payload: { memberId: 1, sessionId: null, reason: 'password' } }),
    );
    await waitFor(async () => {
      const [row] = await database.db.select().from(outboxEvents).where(eq(outboxEvents.id, id));
      expect(row).toMatchObject({ attempts: 3, lastError: null });
      expect(row?.deliveredAt).toBeInstanceOf(Date);
    });
    expect({ aCalls, bCalls }).toEqual({ aCalls: 1, bCalls: 3 });
  });

  it('refuses a payload that does not fit its event type', async () => {
    await expect(
      database.db.transaction((tx) => emit(tx, { type: 'ledger.posted', payload: { transactionId: 1 } as never })),
    ).rejects.toThrow(/ledger.posted: bad payload/);
    expect(await database.db.select().from(outboxEvents)).toHaveLength(0);
  });

  it('delivers rows left behind by a process that died (nothing emitted here, lease expired)', async () => {
    // a row another process claimed and never finished: its lease ran out
    await database.db.insert(outboxEvents).values({
      type: 'settings.updated',
      payload: { keys: ['withdrawMin'] },
      attempts: 1,
      claimedUntil: new Date(Date.now() - 1000),
    });
    const keys: string[][] = [];
    await startRunner(database, {
      subscribers: [subscribe('settings.updated', 'test.settings', async (p) => void keys.push(p.keys))],
    });
    await waitFor(() => expect(keys).toEqual([['withdrawMin']]));
  });

  it('skips a subscriber a died process had already recorded as done', async () => {
    const [row] = await database.db
      .insert(outboxEvents)
      .values({
        type: 'session.revoked',
        payload: { memberId: 3, sessionId: null, reason: 'password' },
        attempts: 1,
        claimedUntil: new Date(Date.now() - 1000),
      })
      .returning({ id: outboxEvents.id });
    await database.db.insert(outboxDeliveries).values({ eventId: row!.id, subscriber: 'test.done', runner: 'dead:1' });
    const calls: string[] = [];
    await startRunner(database, {
      subscribers: [
        subscribe('session.revoked', 'test.done', async () => void calls.push('done')),
        subscribe('session.revoked', 'test.left', async () => void calls.push('left')),
      ],
    });
    await waitFor(async () => {
      const [event] = await database.db.select().from(outboxEvents).where(eq(outboxEvents.id, row!.id));
      expect(event?.deliveredAt).toBeInstanceOf(Date);
    });
    expect(calls).toEqual(['left']);
    const deliveries = await database.db.select().from(outboxDeliveries);
    expect(deliveries.map((d) => `${d.subscriber}@${d.runner}`).sort()).toEqual([
      'test.done@dead:1',
      expect.stringMatching(/^test\.left@/),
    ]);
  });

  it('a backlog in the bulk lane never holds up a live event (a deposit push waits for no ledger posting)', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const got: string[] = [];
    await startRunner(database, {
      subscribers: [
        // a bulk subscriber stuck on its first event: every bulk event behind it waits
        subscribe('ledger.posted', 'test.stuck', async (p) => {
          await held;
          got.push(`posted ${p.transactionId}`);
        }),
        subscribe('deposit.credited', 'test.push', async (p) => void got.push(`credited ${p.depositId}`)),
      ],
    });
    const posted = (n: number) => ({
      type: 'ledger.posted' as const,
      payload: { transactionId: `t${n}`, kind: 'deposit', currency: 'THB', memberIds: [1] },
    });
    await database.db.transaction(async (tx) => {
      for (let n = 1; n <= 3; n += 1) await emit(tx, posted(n));
    });
    await database.db.transaction((tx) =>
      emit(tx, {
        type: 'deposit.credited',
        payload: { memberId: 1, depositId: 'd1', amount: '10000', currency: 'THB' },
      }),
    );
    await waitFor(() => expect(got).toEqual(['credited d1']));
    release();
    await waitFor(() => expect(got).toEqual(['credited d1', 'posted t1', 'posted t2', 'posted t3']));
  });
});
