import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config/env.ts';
import { createGameProviders } from '../../src/providers/games/create-game-providers.ts';
import { startGameSandbox, type GameSandbox } from '../helpers/game-sandbox.ts';
import { createGamesHarness, type GamesHarness } from '../helpers/games-harness.ts';

/** ADR 0017: concurrent activations of one game must not leave orphan players at the provider. */
let sandbox: GameSandbox;
let h: GamesHarness;
beforeAll(async () => {
  sandbox = await startGameSandbox();
  const providers = createGameProviders(
    { providers: 'sandbox', publicUrl: sandbox.origin, secrets: { provider: sandbox.secret } } as Config,
    { baseUrl: sandbox.baseUrl, secret: sandbox.secret, timeoutMs: 5_000 },
  );
  h = await createGamesHarness(providers);
});
afterAll(async () => {
  await h.t.close();
  await sandbox.close();
});

const createPlayerCalls = (game: string, username?: string) =>
  sandbox
    .log({ game, op: 'createPlayer' })
    .filter((e) => username === undefined || (e.username ?? '').startsWith(username));

describe('concurrent activation (PostgreSQL)', () => {
  it('20 concurrent GET /api/wallet/activate/imi make ONE createPlayer call and one account', async () => {
    const m = await h.member();
    const prefix = `wl${m.id}`;
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => h.call(m.token, 'GET', '/api/wallet/activate/imi')),
    );
    const ok = replies.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    expect(replies.filter((r) => r.status !== 200).map((r) => r.body)).toEqual(
      Array(19).fill({ message: 'SLOT_ALREADY_ACTIVE' }),
    );
    expect(createPlayerCalls('imi', prefix)).toHaveLength(1);
    expect(createPlayerCalls('imi', prefix)[0]!.username).toBe(ok[0]!.body.username);
    expect((await h.call(m.token, 'GET', '/api/wallet/account/imi')).body).toEqual(ok[0]!.body);
  });

  it('a refused create gives the reservation back: a later try calls out again', async () => {
    const m = await h.member();
    sandbox.setFault({ game: 'pg', mode: 'fail', ops: ['createPlayer'], times: 1 });
    const first = await Promise.all(Array.from({ length: 5 }, () => h.call(m.token, 'GET', '/api/wallet/activate/pg')));
    expect(first.filter((r) => r.body.message === 'SLOT_ACTIVATE_FAIL')).toHaveLength(1);
    // a racer that arrives after the refusal gave the reservation back may open the account itself (slow machines)
    const openedInRace = first.filter((r) => r.status === 200).length;
    expect(openedInRace).toBeLessThanOrEqual(1);
    const later = await h.call(m.token, 'GET', '/api/wallet/activate/pg');
    if (openedInRace === 0) expect(later.status).toBe(200);
    else expect(later.body.message).toBe('SLOT_ALREADY_ACTIVE');
    // either way the provider was asked exactly twice: the refused create, then one that opened the account
    expect(createPlayerCalls('pg', `wl${m.id}`)).toHaveLength(2);
  });
});
