import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys } from '../../src/db/schema/http.ts';
import { responsibleBreaks, responsibleLimits } from '../../src/db/schema/responsible-play.ts';
import { createGamesHarness, fakeProviders, type GamesHarness } from '../helpers/games-harness.ts';

/**
 * A WALLET→game transfer's Idempotency-Key recorded in progress with the hold's script and answered with the
 * settlement's (docs/decisions/0048-money-moves-fast-path.md § Game transfers, 0051-one-round-trip-money-moves.md):
 * one transfer and one answer per key under replays sent at once, no overdraft under racing transfers, members with
 * a break or a loss limit through assertMayPlay's reads, a settlement someone else made first. Runs on PGlite and on
 * PostgreSQL (DATABASE_URL).
 */
let h: GamesHarness;
const providers = fakeProviders();
const pg = providers.get('pg')!;
beforeAll(async () => {
  h = await createGamesHarness(providers);
});
afterAll(async () => {
  expect(await h.invariants()).toEqual([]);
  await h.t.close();
});

const transfer = async (token: string, key: string, amount: number) => {
  const res = await h.t.app.inject({
    method: 'POST',
    url: '/api/wallet/transfer',
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
    payload: { from: 'WALLET', to: 'pg', amount },
  });
  return { status: res.statusCode, body: res.body, replayed: res.headers['idempotent-replayed'] === 'true' };
};

async function player(baht: bigint) {
  const m = await h.member();
  await h.fund(m.id, baht * 100n);
  expect((await h.call(m.token, 'GET', '/api/wallet/activate/pg')).status).toBe(200);
  return m;
}

const keyRow = async (memberId: number, key: string) =>
  (
    await h.t.ctx.db
      .select()
      .from(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.principalKind, 'member'),
          eq(idempotencyKeys.principalId, memberId),
          eq(idempotencyKeys.key, key),
        ),
      )
  )[0];

const deposits = (transferId: string) => pg.log.filter((l) => l.op === 'deposit' && l.transferId === transferId);

describe('game transfer with its key in the hold and the settlement', () => {
  it('records the key in progress with the hold, before the provider answers, and its answer with the settlement', async () => {
    const m = await player(1_000n);
    let release: () => void = () => undefined;
    let called: (id: string) => void = () => undefined;
    const inCall = new Promise<string>((resolve) => (called = resolve));
    pg.answerGate = (id) => {
      called(id);
      return new Promise<void>((resolve) => (release = resolve));
    };
    const pending = transfer(m.token, 'held-key', 100);
    const transferId = await inCall;
    pg.answerGate = null;
    const held = await keyRow(m.id, 'held-key');
    expect({ status: held?.status, answer: held?.responseStatus, endpoint: held?.endpoint }).toEqual({
      status: 'in_progress',
      answer: null,
      endpoint: 'wallet.transfer',
    });
    expect((await h.transfers(m.id)).map((t) => [t.id, t.status])).toEqual([[transferId, 'pending']]);
    expect(await h.walletMinor(m.id)).toBe(900n * 100n);
    release();
    const first = await pending;
    expect([first.status, JSON.parse(first.body)]).toEqual([
      200,
      { message: 'SUCCESS', status: 'SUCCESS', transferId },
    ]);
    const done = await keyRow(m.id, 'held-key');
    expect({ status: done?.status, answer: done?.responseStatus, body: done?.responseBody }).toEqual({
      status: 'completed',
      answer: 200,
      body: JSON.parse(first.body),
    });
    const again = await transfer(m.token, 'held-key', 100);
    expect([again.status, again.body, again.replayed]).toEqual([200, first.body, true]);
  });

  it('one key sent 50 times at once: one transfer, one provider deposit, one debit, the same answer to all 50', async () => {
    const m = await player(1_000n);
    const replies = await Promise.all(Array.from({ length: 50 }, () => transfer(m.token, 'fifty', 100)));
    const fresh = replies.filter((r) => !r.replayed);
    expect(fresh).toHaveLength(1);
    expect(replies.map((r) => [r.status, r.body])).toEqual(Array(50).fill([200, fresh[0]!.body]));
    const transfers = await h.transfers(m.id);
    expect(transfers.map((t) => t.status)).toEqual(['success']);
    expect(deposits(transfers[0]!.id)).toHaveLength(1);
    expect(await h.walletMinor(m.id)).toBe(900n * 100n);
  });

  it('50 racing transfers of 100 against 2,000 with distinct keys: exactly 20 moved, 30 MONEY_NOT_ENOUGH, never below 0', async () => {
    const m = await player(2_000n);
    const replies = await Promise.all(Array.from({ length: 50 }, (_, i) => transfer(m.token, `race-${i}`, 100)));
    const moved = replies.filter((r) => r.status === 200);
    const refused = replies.filter((r) => r.status !== 200);
    expect(moved).toHaveLength(20);
    expect(refused.map((r) => [r.status, JSON.parse(r.body)])).toEqual(
      Array(30).fill([400, { message: 'MONEY_NOT_ENOUGH' }]),
    );
    expect(await h.walletMinor(m.id)).toBe(0n);
    expect((await h.transfers(m.id)).filter((t) => t.status === 'success')).toHaveLength(20);
    // a refused key replays its refusal, even once money is back
    await h.fund(m.id, 500n * 100n);
    const index = replies.findIndex((r) => r.status !== 200);
    const again = await transfer(m.token, `race-${index}`, 100);
    expect([again.status, again.body, again.replayed]).toEqual([400, replies[index]!.body, true]);
    expect(await h.walletMinor(m.id)).toBe(500n * 100n);
  });

  it('a member on a break is refused with its details through assertMayPlay, and the refusal is the key’s answer', async () => {
    const m = await player(1_000n);
    const now = h.t.clock.now();
    await h.t.ctx.db.insert(responsibleBreaks).values({
      memberId: m.id,
      kind: 'cooling_off',
      startsAt: new Date(now.getTime() - 60_000),
      endsAt: new Date(now.getTime() + 3_600_000),
      createdBy: 'member',
    });
    const refused = await transfer(m.token, 'on-break', 100);
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body)).toMatchObject({ message: 'COOLING_OFF', reason: 'UNTIL' });
    expect(await h.transfers(m.id)).toEqual([]);
    expect(await h.walletMinor(m.id)).toBe(1_000n * 100n);
    expect((await keyRow(m.id, 'on-break'))?.responseStatus).toBe(403);
    const again = await transfer(m.token, 'on-break', 100);
    expect([again.status, again.body, again.replayed]).toEqual([403, refused.body, true]);
  });

  it('a member with a loss limit moves money through assertMayPlay’s transaction, key and all', async () => {
    const m = await player(1_000n);
    await h.t.ctx.db.insert(responsibleLimits).values({
      memberId: m.id,
      kind: 'loss_day',
      value: 150n * 100n,
      updatedAt: h.t.clock.now(),
      updatedBy: 'member',
    });
    const first = await transfer(m.token, 'limited-1', 100);
    expect(first.status).toBe(200);
    const replays = await Promise.all(Array.from({ length: 10 }, () => transfer(m.token, 'limited-1', 100)));
    expect(replays.map((r) => [r.status, r.body, r.replayed])).toEqual(Array(10).fill([200, first.body, true]));
    const over = await transfer(m.token, 'limited-2', 100);
    expect([over.status, JSON.parse(over.body).message]).toEqual([403, 'LOSS_LIMIT_REACHED']);
    expect((await h.transfers(m.id)).map((t) => t.status)).toEqual(['success']);
    expect(await h.walletMinor(m.id)).toBe(900n * 100n);
  });

  it('a transfer the reconciler settled while the provider’s answer was on its way: settled once, the key answered', async () => {
    const m = await player(1_000n);
    let release: () => void = () => undefined;
    let called: () => void = () => undefined;
    const inCall = new Promise<void>((resolve) => (called = resolve));
    pg.answerGate = () => {
      called();
      return new Promise<void>((resolve) => (release = resolve));
    };
    const pending = transfer(m.token, 'raced', 100);
    await inCall;
    pg.answerGate = null;
    expect(await h.reconcile()).toMatchObject({ settled: 1 });
    release();
    const first = await pending;
    expect([first.status, JSON.parse(first.body).status]).toEqual([200, 'SUCCESS']);
    expect((await keyRow(m.id, 'raced'))?.status).toBe('completed');
    const again = await transfer(m.token, 'raced', 100);
    expect([again.status, again.body, again.replayed]).toEqual([200, first.body, true]);
    expect((await h.transfers(m.id)).map((t) => t.status)).toEqual(['success']);
    expect(await h.walletMinor(m.id)).toBe(900n * 100n);
  });
});
