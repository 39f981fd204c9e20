import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config/env.ts';
import { gameAccounts } from '../../src/db/schema/game-accounts.ts';
import { createGameProviders } from '../../src/providers/games/create-game-providers.ts';
import { startGameSandbox, type GameSandbox } from '../helpers/game-sandbox.ts';
import { createGamesHarness, type GamesHarness } from '../helpers/games-harness.ts';

/** Concurrent settlements race to store the game balance (PostgreSQL, sandbox over HTTP): the newest wins (ADR 0024). */
let sandbox: GameSandbox;
let h: GamesHarness;
beforeAll(async () => {
  sandbox = await startGameSandbox();
  const providers = createGameProviders(
    { providers: 'sandbox', publicUrl: sandbox.origin, secrets: { provider: sandbox.secret } } as Config,
    { baseUrl: sandbox.baseUrl, secret: sandbox.secret, timeoutMs: 10_000 },
  );
  h = await createGamesHarness(providers);
});
afterAll(async () => {
  expect(await h.invariants()).toEqual([]);
  await h.t.close();
  await sandbox.close();
});

describe('stored game balances under concurrency (PostgreSQL)', () => {
  it('100 concurrent 20-baht transfers into a game: the stored balance is what the provider holds', async () => {
    const m = await h.member();
    await h.fund(m.id, 100n * 2_000n);
    const { username } = (await h.call(m.token, 'GET', '/api/wallet/activate/pg')).body as { username: string };
    const results = await Promise.all(
      Array.from({ length: 100 }, () =>
        h.call(m.token, 'POST', '/api/wallet/transfer', { from: 'WALLET', to: 'pg', amount: 20 }),
      ),
    );
    expect(results.filter((r) => r.body.status === 'SUCCESS')).toHaveLength(100);
    expect(sandbox.store.player('pg', username)!.balance).toBe(200_000n);
    const [account] = await h.t.ctx.db.select().from(gameAccounts).where(eq(gameAccounts.memberId, m.id));
    expect(account!.balance).toBe(200_000n);
    expect(account!.balanceVersion).toBe(100n);
    const wallet = (await h.call(m.token, 'GET', '/api/wallet')).body as {
      slots: Array<{ code: string; amount: number }>;
    };
    expect(wallet.slots.find((s) => s.code === 'pg')!.amount).toBe(2_000);
  });
});
