import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startGameSandbox, type GameSandbox } from '../../../test/helpers/game-sandbox.ts';
import { ProviderRejectedError, ProviderUnknownError } from './game-provider.ts';
import { HttpGameProvider, type FetchLike } from './http-game-provider.ts';

/** the adapter timeout where a timeout is the point of the test; answered calls get a roomy one (loaded CI) */
const TIMEOUT_MS = 300;
let sandbox: GameSandbox;
let pg: HttpGameProvider;
let pgFast: HttpGameProvider;

beforeAll(async () => {
  sandbox = await startGameSandbox();
});
afterAll(() => sandbox.close());
beforeEach(() => {
  sandbox.store.reset();
  sandbox.store.createPlayer('pg', 'agt_alice', 'secret-1');
  pg = new HttpGameProvider({
    game: 'pg',
    baseUrl: `${sandbox.baseUrl}/pg`,
    secret: sandbox.secret,
    timeoutMs: 10_000,
  });
  pgFast = new HttpGameProvider({
    game: 'pg',
    baseUrl: `${sandbox.baseUrl}/pg`,
    secret: sandbox.secret,
    timeoutMs: TIMEOUT_MS,
  });
});
afterEach(() => sandbox.clearFaults());

const balanceAtProvider = () => sandbox.store.player('pg', 'agt_alice')?.balance;

/** An adapter whose transport answers `status` + `text` whatever is asked. */
const stubbed = (status: number, text: string) => {
  const fetch: FetchLike = async () => ({ status, text: async () => text });
  return new HttpGameProvider({ game: 'pg', baseUrl: 'http://provider.invalid/pg', secret: 'x'.repeat(20), fetch });
};

describe('players', () => {
  it('creates a player; a duplicate is a ProviderRejectedError with the code', async () => {
    await pg.createPlayer('agt_bob', 'pass-word-1');
    expect(sandbox.store.player('pg', 'agt_bob')?.password).toBe('pass-word-1');
    const duplicate = await pg.createPlayer('agt_bob', 'pass-word-2').catch((e: unknown) => e);
    expect(duplicate).toBeInstanceOf(ProviderRejectedError);
    expect((duplicate as ProviderRejectedError).code).toBe('PLAYER_EXISTS');
  });

  it('changes a password; an unknown player is refused', async () => {
    await pg.changePassword('agt_alice', 'new-secret');
    expect(sandbox.store.player('pg', 'agt_alice')?.password).toBe('new-secret');
    await expect(pg.changePassword('agt_ghost', 'new-secret')).rejects.toMatchObject({
      name: 'ProviderRejectedError',
      code: 'PLAYER_NOT_FOUND',
    });
  });

  it('reads the balance', async () => {
    sandbox.store.setBalance('pg', 'agt_alice', 12_345n);
    const version = sandbox.store.player('pg', 'agt_alice')!.version;
    // the balance version orders readings that arrive out of order (ADR 0024)
    expect(await pg.balance('agt_alice')).toEqual({ balance: 12_345n, version });
  });
});

describe('transfers', () => {
  it('maps a 2xx SUCCESS to ok with the provider ref and balance after', async () => {
    const outcome = await pg.deposit('agt_alice', 10_000n, 'TR-1');
    expect(outcome).toMatchObject({ kind: 'ok', balanceAfter: 10_000n });
    expect(outcome.kind === 'ok' && outcome.providerRef).toMatch(/^REF/);
    expect(await pg.withdraw('agt_alice', 4_000n, 'TR-2')).toMatchObject({ kind: 'ok', balanceAfter: 6_000n });
    expect(balanceAtProvider()).toBe(6_000n);
  });

  it('maps definite refusals to failed', async () => {
    expect(await pg.withdraw('agt_alice', 1n, 'TR-3')).toEqual({ kind: 'failed', reason: 'INSUFFICIENT_BALANCE' });
    expect(await pg.deposit('agt_alice', 100n, 'TR-4-FAIL')).toEqual({ kind: 'failed', reason: 'TRANSFER_REJECTED' });
    sandbox.setFault({ mode: 'fail', times: 1 });
    expect(await pg.deposit('agt_alice', 100n, 'TR-5')).toEqual({ kind: 'failed', reason: 'TRANSFER_REJECTED' });
    expect(balanceAtProvider()).toBe(0n);
  });

  it('signs with the shared secret: a wrong secret is refused and applies nothing', async () => {
    const wrong = new HttpGameProvider({
      game: 'pg',
      baseUrl: `${sandbox.baseUrl}/pg`,
      secret: 'not-the-secret-000000',
      timeoutMs: 10_000,
    });
    expect(await wrong.deposit('agt_alice', 100n, 'TR-6')).toEqual({ kind: 'failed', reason: 'BAD_SIGNATURE' });
    expect(balanceAtProvider()).toBe(0n);
  });

  it('throws ProviderUnknownError on a timeout, after about the configured time', async () => {
    sandbox.setFault({ mode: 'timeout' });
    const started = Date.now();
    const error = await pgFast.deposit('agt_alice', 100n, 'TR-7').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderUnknownError);
    expect((error as Error).message).toMatch(/timeout after 300 ms/);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 1500);
    sandbox.clearFaults();
    expect(await pg.transferStatus('TR-7')).toEqual({ kind: 'not_found' });
  });

  it('success-then-timeout: unknown at first, then transferStatus says success; a retry reuses the id and applies once', async () => {
    sandbox.setFault({ mode: 'success-then-timeout', times: 1 });
    await expect(pgFast.deposit('agt_alice', 2_500n, 'TR-8')).rejects.toBeInstanceOf(ProviderUnknownError);
    expect(balanceAtProvider()).toBe(2_500n);
    const status = await pg.transferStatus('TR-8');
    expect(status).toMatchObject({ kind: 'success', direction: 'deposit', amount: 2_500n });
    const retry = await pg.deposit('agt_alice', 2_500n, 'TR-8');
    expect(retry).toMatchObject({ kind: 'ok', balanceAfter: 2_500n });
    expect(status.kind === 'success' && retry.kind === 'ok' && retry.providerRef === status.providerRef).toBe(true);
    expect(balanceAtProvider()).toBe(2_500n);
    // docs/reliability.md §3 scenario 13: the provider saw the same id each time
    expect(sandbox.log({ op: 'deposit' }).map((e) => e.transferId)).toEqual(['TR-8', 'TR-8']);
  });

  it('a -TIMEOUT id is unknown, and the provider reports it not found', async () => {
    await expect(pgFast.withdraw('agt_alice', 100n, 'TR-9-TIMEOUT')).rejects.toBeInstanceOf(ProviderUnknownError);
    expect(await pg.transferStatus('TR-9-TIMEOUT')).toEqual({ kind: 'not_found' });
  });

  it('throws ProviderUnknownError when the provider cannot be reached', async () => {
    const closed = await startGameSandbox();
    const baseUrl = `${closed.baseUrl}/pg`;
    await closed.close();
    const offline = new HttpGameProvider({ game: 'pg', baseUrl, secret: sandbox.secret, timeoutMs: TIMEOUT_MS });
    await expect(offline.deposit('agt_alice', 100n, 'TR-10')).rejects.toThrow(/network error/);
    expect(await offline.transferStatus('TR-10')).toEqual({ kind: 'unknown' });
  });
});

describe('transfer status', () => {
  it('maps SUCCESS, NOT_FOUND and anything else', async () => {
    await pg.deposit('agt_alice', 700n, 'TS-1');
    expect(await pg.transferStatus('TS-1')).toMatchObject({ kind: 'success', direction: 'deposit', amount: 700n });
    expect(await pg.transferStatus('TS-2')).toEqual({ kind: 'not_found' });
    sandbox.setFault({ mode: 'unknown-status' });
    expect(await pg.transferStatus('TS-1')).toEqual({ kind: 'unknown' });
    sandbox.setFault({ mode: 'timeout', ops: ['transferStatus'] });
    expect(await pgFast.transferStatus('TS-1')).toEqual({ kind: 'unknown' });
  });
});

describe('response validation', () => {
  it('treats a 5xx as unknown, never as a failure', async () => {
    await expect(stubbed(500, '{"status":"FAILED","code":"X"}').deposit('u', 1n, 'V-1')).rejects.toBeInstanceOf(
      ProviderUnknownError,
    );
    await expect(stubbed(503, 'busy').withdraw('u', 1n, 'V-2')).rejects.toBeInstanceOf(ProviderUnknownError);
  });

  it('treats an unreadable or incomplete 2xx as unknown', async () => {
    for (const text of [
      '<html>ok</html>',
      '{}',
      '{"status":"SUCCESS"}',
      '{"status":"SUCCESS","refId":"R","balanceBefore":"0","balanceAfter":"-5"}',
      '{"status":"SUCCESS","refId":"R","balanceBefore":"0","balanceAfter":1.5}',
    ]) {
      await expect(stubbed(200, text).deposit('u', 1n, 'V-3')).rejects.toBeInstanceOf(ProviderUnknownError);
    }
  });

  it('trusts a 4xx as a refusal only with a refusal body, and never 408/429', async () => {
    await expect(stubbed(404, '<html>Not Found</html>').deposit('u', 1n, 'V-4')).rejects.toBeInstanceOf(
      ProviderUnknownError,
    );
    await expect(stubbed(429, '{"status":"FAILED","code":"RATE"}').deposit('u', 1n, 'V-5')).rejects.toBeInstanceOf(
      ProviderUnknownError,
    );
    await expect(stubbed(408, '{"status":"FAILED"}').deposit('u', 1n, 'V-6')).rejects.toBeInstanceOf(
      ProviderUnknownError,
    );
    expect(await stubbed(400, '{"status":"INSUFFICIENT_BALANCE"}').withdraw('u', 1n, 'V-7')).toEqual({
      kind: 'failed',
      reason: 'INSUFFICIENT_BALANCE',
    });
  });

  it('answers unknown for a status about another id or of an unexpected shape', async () => {
    const other = '{"status":"SUCCESS","transferId":"OTHER","refId":"R","direction":"deposit","amount":"5"}';
    expect(await stubbed(200, other).transferStatus('V-8')).toEqual({ kind: 'unknown' });
    expect(await stubbed(200, '{"status":"PENDING","transferId":"V-8"}').transferStatus('V-8')).toEqual({
      kind: 'unknown',
    });
    expect(await stubbed(404, '{"status":"NOT_FOUND","transferId":"V-8"}').transferStatus('V-8')).toEqual({
      kind: 'unknown',
    });
  });

  it('refuses unreadable balances, launch URLs and bet lists', async () => {
    await expect(stubbed(200, '{"status":"SUCCESS","balance":"abc"}').balance('u')).rejects.toBeInstanceOf(
      ProviderUnknownError,
    );
    await expect(
      stubbed(200, '{"status":"SUCCESS","url":"javascript:alert(1)"}').launchUrl('u', {
        mobile: true,
        exitUrl: 'https://x.example/',
      }),
    ).rejects.toBeInstanceOf(ProviderUnknownError);
    await expect(stubbed(200, '[{"betId":"B","stake":"1"}]').betHistory('u', new Date())).rejects.toBeInstanceOf(
      ProviderUnknownError,
    );
    await expect(stubbed(502, '').createPlayer('u', 'p')).rejects.toBeInstanceOf(ProviderUnknownError);
  });
});

describe('launch and bets', () => {
  it('answers a single-use launch URL to the demo game', async () => {
    const url = await pg.launchUrl('agt_alice', { mobile: true, exitUrl: 'https://wallet.example/user/home' });
    expect(url.startsWith(`${sandbox.baseUrl}/play?token=`)).toBe(true);
    expect((await fetch(url)).status).toBe(200);
    expect((await fetch(url)).status).toBe(410);
  });

  it('reads the bet history since a time', async () => {
    sandbox.store.setBalance('pg', 'agt_alice', 10_000n);
    const old = sandbox.store.recordBet('pg', 'agt_alice', 100n, 0n);
    old.placedAt = new Date('2020-01-01T00:00:00Z');
    const recent = sandbox.store.recordBet('pg', 'agt_alice', 500n, 1_000n);
    const bets = await pg.betHistory('agt_alice', new Date('2024-01-01T00:00:00Z'));
    expect(bets).toEqual([
      { betId: recent.betId, playerUsername: 'agt_alice', stake: 500n, payout: 1_000n, placedAt: recent.placedAt },
    ]);
  });
});
