import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config/env.ts';
import { openFromGame } from '../../src/modules/game-transfers/transfer-settlement.ts';
import { createGameProviders } from '../../src/providers/games/create-game-providers.ts';
import { startGameSandbox, type GameSandbox } from '../helpers/game-sandbox.ts';
import { createGamesHarness, type GamesHarness } from '../helpers/games-harness.ts';

/** The same flows as transfer.test.ts, over the real wire protocol against the sandbox provider. */
let sandbox: GameSandbox;
let h: GamesHarness;
beforeAll(async () => {
  sandbox = await startGameSandbox({ holdMs: 10_000 });
  const providers = createGameProviders(
    { providers: 'sandbox', publicUrl: sandbox.origin, secrets: { provider: sandbox.secret } } as Config,
    {
      baseUrl: sandbox.baseUrl,
      secret: sandbox.secret,
      timeoutMs: 1_500,
    },
  );
  h = await createGamesHarness(providers);
});
beforeEach(() => sandbox.clearFaults());
afterAll(async () => {
  expect(await h.invariants()).toEqual([]);
  await h.t.close();
  await sandbox.close();
});

async function player(minor: bigint, games: string[] = ['pg']) {
  const m = await h.member();
  if (minor > 0n) await h.fund(m.id, minor);
  const usernames: Record<string, string> = {};
  for (const game of games) {
    const res = await h.call(m.token, 'GET', `/api/wallet/activate/${game}`);
    expect(res.status).toBe(200);
    usernames[game] = res.body.username;
  }
  return { ...m, usernames };
}
const transfer = (token: string, from: string, to: string, amount: number) =>
  h.call(token, 'POST', '/api/wallet/transfer', { from, to, amount });
const atGame = (game: string, username: string) => sandbox.store.player(game, username)?.balance;

describe('transfers against the sandbox provider', () => {
  it('opens an account at the provider and moves money both ways', async () => {
    const p = await player(50_000n);
    expect(sandbox.store.player('pg', p.usernames.pg!)).toBeDefined();
    expect((await transfer(p.token, 'WALLET', 'pg', 300)).body.status).toBe('SUCCESS');
    expect((await transfer(p.token, 'pg', 'WALLET', 120.25)).body.status).toBe('SUCCESS');
    expect(atGame('pg', p.usernames.pg!)).toBe(17_975n);
    expect(await h.walletMinor(p.id)).toBe(32_025n);

    sandbox.store.setBalance('pg', p.usernames.pg!, 20_000n);
    const refreshed = await h.call(p.token, 'GET', '/api/wallet/refresh/slot');
    expect(refreshed.body.slots.find((s: { code: string }) => s.code === 'pg').amount).toBe(200);
    const all = await h.call(p.token, 'POST', '/api/wallet/transferAll', { to: 'WALLET' });
    expect(all.body).toEqual({ message: 'SUCCESS', amount: 200, pending: 0 });
    expect(await h.walletMinor(p.id)).toBe(52_025n);
    expect(await h.invariants()).toEqual([]);
  });

  it('a definite refusal returns the funds (TRANSFER_FAIL)', async () => {
    const p = await player(10_000n);
    sandbox.setFault({ game: 'pg', mode: 'fail', ops: ['deposit'] });
    expect(await transfer(p.token, 'WALLET', 'pg', 50)).toEqual({ status: 502, body: { message: 'TRANSFER_FAIL' } });
    expect(await h.walletMinor(p.id)).toBe(10_000n);
    expect(atGame('pg', p.usernames.pg!)).toBe(0n);
    expect(await h.invariants()).toEqual([]);
  });

  it('a withdraw beyond the game balance is MONEY_NOT_ENOUGH (sandbox INSUFFICIENT_BALANCE)', async () => {
    const p = await player(10_000n);
    await transfer(p.token, 'WALLET', 'pg', 10);
    expect(await transfer(p.token, 'pg', 'WALLET', 11)).toEqual({ status: 400, body: { message: 'MONEY_NOT_ENOUGH' } });
    expect(await h.invariants()).toEqual([]);
  });

  it('retries a timed-out call with the original transfer id (scenario 13)', async () => {
    const p = await player(10_000n);
    sandbox.setFault({ game: 'pg', mode: 'timeout', times: 1, ops: ['deposit'] });
    const res = await transfer(p.token, 'WALLET', 'pg', 25);
    expect(res.body.status).toBe('SUCCESS');
    const sent = sandbox.log({ game: 'pg', op: 'deposit' }).filter((e) => e.username === p.usernames.pg);
    expect(sent.map((e) => [e.transferId, e.fault])).toEqual([
      [res.body.transferId, 'timeout'],
      [res.body.transferId, null],
    ]);
    expect(atGame('pg', p.usernames.pg!)).toBe(2_500n);
    expect(await h.invariants()).toEqual([]);
  });

  it('credited but timed out: pending without refund, settled once by the reconciler (scenario 9)', async () => {
    const p = await player(10_000n);
    sandbox.setFault({ game: 'pg', mode: 'success-then-timeout', times: 2, ops: ['deposit'] });
    const res = await transfer(p.token, 'WALLET', 'pg', 100);
    expect(res.body).toMatchObject({ status: 'PENDING', message: 'TRANSFER_PENDING' });
    expect(await h.walletMinor(p.id)).toBe(0n);
    expect(atGame('pg', p.usernames.pg!)).toBe(10_000n);
    h.t.clock.advance(120_000);
    expect(await h.reconcile()).toMatchObject({ settled: 1 });
    expect(await h.reconcile()).toMatchObject({ checked: 0 });
    expect(await h.walletMinor(p.id)).toBe(0n);
    expect(sandbox.log({ transferId: res.body.transferId }).map((e) => e.op)).toEqual([
      'deposit',
      'deposit',
      'transferStatus',
    ]);
    expect(await h.invariants()).toEqual([]);
  });

  it('never reached the provider: voided after the grace window, wallet restored once (scenario 10)', async () => {
    const p = await player(10_000n);
    sandbox.setFault({ game: 'pg', mode: 'timeout', times: 2, ops: ['deposit'] });
    const res = await transfer(p.token, 'WALLET', 'pg', 100);
    expect(res.body.status).toBe('PENDING');
    expect(await h.reconcile()).toMatchObject({ stillPending: 1 });
    h.t.clock.advance(61_000);
    expect(await h.reconcile()).toMatchObject({ voided: 1 });
    expect(await h.reconcile()).toMatchObject({ checked: 0 });
    expect(await h.walletMinor(p.id)).toBe(10_000n);
    expect(atGame('pg', p.usernames.pg!)).toBe(0n);
    expect(await h.invariants()).toEqual([]);
  });

  it('keeps waiting while the provider cannot tell', async () => {
    const p = await player(10_000n);
    sandbox.setFault({ game: 'pg', mode: 'timeout', times: 2, ops: ['deposit'] });
    await transfer(p.token, 'WALLET', 'pg', 10);
    sandbox.setFault({ game: 'pg', mode: 'unknown-status', times: 1 });
    h.t.clock.advance(120_000);
    expect(await h.reconcile()).toMatchObject({ stillPending: 1 });
    expect(await h.reconcile()).toMatchObject({ voided: 1 });
    expect(await h.walletMinor(p.id)).toBe(10_000n);
    expect(await h.invariants()).toEqual([]);
  });

  it('game → wallet debited at the provider before our process died: credited exactly once (scenario 12)', async () => {
    const p = await player(10_000n);
    await transfer(p.token, 'WALLET', 'pg', 100);
    const row = await openFromGame(
      { db: h.t.ctx.db, ledger: h.ledger, clock: h.t.clock },
      { memberId: p.id, currency: 'THB', game: 'pg', amount: 7_000n },
    );
    sandbox.store.transfer('pg', 'withdraw', p.usernames.pg!, 7_000n, row.id);
    expect(await h.reconcile()).toMatchObject({ settled: 1 });
    expect(await h.reconcile()).toMatchObject({ checked: 0 });
    expect(await h.walletMinor(p.id)).toBe(7_000n);
    expect(atGame('pg', p.usernames.pg!)).toBe(3_000n);
    expect(await h.invariants()).toEqual([]);
  });

  it('launches the sandbox game for the caller only', async () => {
    const p = await player(0n);
    const other = await player(0n);
    const res = await h.call(p.token, 'GET', `/api/autoLogin/pg/${p.usernames.pg}`);
    expect(res.status).toBe(200);
    expect(res.body.link).toMatch(new RegExp(`^${sandbox.baseUrl}/play\\?token=`));
    expect((await h.call(p.token, 'GET', `/api/autoLogin/pg/${other.usernames.pg}`)).status).toBe(404);
  });
});
