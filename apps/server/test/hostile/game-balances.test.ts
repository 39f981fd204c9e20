import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameAccounts } from '../../src/db/schema/game-accounts.ts';
import { FakeGameProvider } from '../helpers/fake-game-provider.ts';
import { createGamesHarness, fakeProviders, type GamesHarness } from '../helpers/games-harness.ts';

// A player racing transfers both ways so that the provider's answers come back in a scrambled order: the stored
// game balance (what bonus rules and the wallet read) must end at what the provider holds (ADR 0024).

const pg = new FakeGameProvider('pg');
let h: GamesHarness;
beforeAll(async () => {
  const providers = fakeProviders();
  providers.set('pg', pg);
  h = await createGamesHarness(providers);
});
afterAll(async () => {
  expect(await h.invariants()).toEqual([]);
  await h.t.close();
});

/** A deterministic shuffle (xorshift), so a failure replays the same order. */
function scrambled<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let x = seed;
  for (let i = out.length - 1; i > 0; i--) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    const j = Math.abs(x) % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe('hostile: game balance answers out of order', () => {
  it('bursts of transfers both ways, answers released in scrambled orders: stored = provider, books sound', async () => {
    const counts = { rounds: 0, transfers: 0, succeeded: 0, refused: 0, mismatches: 0 };
    const m = await h.member();
    await h.fund(m.id, 1_000_000n);
    const { username } = (await h.call(m.token, 'GET', '/api/wallet/activate/pg')).body as { username: string };
    for (const seed of [7, 42, 1337, 9001]) {
      counts.rounds += 1;
      const waiting: Array<{ id: string; release: () => void }> = [];
      let arrived!: () => void;
      const all = new Promise<void>((resolve) => (arrived = resolve));
      const burst = 12;
      pg.answerGate = (id) =>
        new Promise<void>((release) => {
          waiting.push({ id, release });
          if (waiting.length === burst) arrived();
        });
      const requests = Array.from({ length: burst }, (_, i) =>
        h.call(m.token, 'POST', '/api/wallet/transfer', {
          from: i % 3 === 2 ? 'pg' : 'WALLET',
          to: i % 3 === 2 ? 'WALLET' : 'pg',
          amount: 10 + i,
        }),
      );
      // every answer applied at the provider and held; a refusal (not enough in the game) answers at once
      await Promise.race([all, Promise.all(requests)]);
      for (const w of scrambled(waiting, seed)) w.release();
      pg.answerGate = null;
      const results = await Promise.all(requests);
      counts.transfers += results.length;
      counts.succeeded += results.filter((r) => r.body.status === 'SUCCESS').length;
      counts.refused += results.filter((r) => r.status !== 200).length;
      const [account] = await h.t.ctx.db.select().from(gameAccounts).where(eq(gameAccounts.memberId, m.id));
      if (account!.balance !== pg.players.get(username)!.balance) counts.mismatches += 1;
      expect(await h.invariants()).toEqual([]);
    }
    console.info('hostile: game balances out of order', counts);
    expect(counts.mismatches).toBe(0);
    expect(counts.succeeded).toBeGreaterThan(0);
  });
});
