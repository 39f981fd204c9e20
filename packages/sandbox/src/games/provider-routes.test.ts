import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PREFIX, TEST_SECRET, startGamesKit, type GamesKit } from './games-test-kit.ts';
import { signPayload } from './signature.ts';

let kit: GamesKit;
beforeEach(async () => {
  kit = await startGamesKit();
  kit.store.createPlayer('pg', 'agt_alice', 'secret-1');
});
afterEach(() => kit.close());

const deposit = (amount: string, transferId: string, username = 'agt_alice') =>
  kit.signed('POST', 'pg', 'transfers/deposit', { username, amount, transferId });
const withdraw = (amount: string, transferId: string) =>
  kit.signed('POST', 'pg', 'transfers/withdraw', { username: 'agt_alice', amount, transferId });

describe('signature', () => {
  it('rejects a request without x-signature, with a wrong one or without x-agent', async () => {
    const body = JSON.stringify({ username: 'agt_bob', password: 'secret-1' });
    const url = `${kit.origin}${PREFIX}/pg/players`;
    const post = (headers: Record<string, string>) =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
    expect((await post({ 'x-agent': 'a' })).status).toBe(401);
    expect((await post({ 'x-agent': 'a', 'x-signature': signPayload('another-secret-000000', body) })).status).toBe(
      401,
    );
    expect((await post({ 'x-signature': signPayload(TEST_SECRET, body) })).status).toBe(401);
    // the signature covers the exact body bytes
    expect(
      (await post({ 'x-agent': 'a', 'x-signature': signPayload(TEST_SECRET, body.replace('bob', 'eve')) })).status,
    ).toBe(401);
    const ok = await post({ 'x-agent': 'a', 'x-signature': signPayload(TEST_SECRET, body) });
    expect(ok.status).toBe(201);
    expect(kit.store.player('pg', 'agt_bob')).toBeDefined();
  });

  it('signs GETs over path and query', async () => {
    const path = `${PREFIX}/pg/players/agt_alice/balance`;
    const get = (signed: string) =>
      fetch(`${kit.origin}${path}`, { headers: { 'x-agent': 'a', 'x-signature': signPayload(TEST_SECRET, signed) } });
    expect((await get(`${PREFIX}/pg/players/agt_other/balance`)).status).toBe(401);
    const ok = await get(path);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ status: 'SUCCESS', balance: '0' });
    const res = await fetch(`${kit.origin}${path}`, { headers: { 'x-agent': 'a', 'x-signature': 'zz' } });
    expect(await res.json()).toMatchObject({ status: 'FAILED', code: 'BAD_SIGNATURE' });
  });

  it('answers 404 UNKNOWN_GAME for a game outside the catalogue', async () => {
    const res = await kit.signed('GET', 'ufabet', 'players/agt_alice/balance');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('UNKNOWN_GAME');
  });
});

describe('players', () => {
  it('creates a player once; a duplicate is 409 PLAYER_EXISTS', async () => {
    const first = await kit.signed('POST', 'betflix', 'players', { username: 'agt_carol', password: 'pw-12345' });
    expect(first.status).toBe(201);
    const again = await kit.signed('POST', 'betflix', 'players', { username: 'agt_carol', password: 'other-pw' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ status: 'FAILED', code: 'PLAYER_EXISTS' });
    // players are per game
    expect((await kit.signed('POST', 'pg', 'players', { username: 'agt_carol', password: 'pw-12345' })).status).toBe(
      201,
    );
  });

  it('changes a password; unknown players are 404', async () => {
    const res = await kit.signed('POST', 'pg', 'players/agt_alice/password', { password: 'new-pass-1' });
    expect(res.status).toBe(200);
    expect(kit.store.player('pg', 'agt_alice')?.password).toBe('new-pass-1');
    const missing = await kit.signed('POST', 'pg', 'players/agt_nobody/password', { password: 'new-pass-1' });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('PLAYER_NOT_FOUND');
  });

  it('rejects malformed bodies with 400 INVALID_REQUEST', async () => {
    const res = await kit.signed('POST', 'pg', 'players', { username: 'a b', password: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_REQUEST');
  });
});

describe('transfers', () => {
  it('deposits and withdraws with balance before and after', async () => {
    const d = await deposit('10000', 'T-1');
    expect(d.status).toBe(200);
    expect(d.body).toMatchObject({
      status: 'SUCCESS',
      balanceBefore: '0',
      balanceAfter: '10000',
      balanceVersion: '1',
      direction: 'deposit',
      amount: '10000',
    });
    expect(d.body.refId).toMatch(/^REF/);
    const w = await withdraw('2500', 'T-2');
    expect(w.body).toMatchObject({
      status: 'SUCCESS',
      balanceBefore: '10000',
      balanceAfter: '7500',
      balanceVersion: '2',
    });
    const balance = await kit.signed('GET', 'pg', 'players/agt_alice/balance');
    expect(balance.body).toEqual({ status: 'SUCCESS', username: 'agt_alice', balance: '7500', balanceVersion: '2' });
  });

  it('is idempotent by transferId: a retry returns the first result, even with another amount', async () => {
    const first = await deposit('10000', 'T-IDEM');
    const retry = await deposit('99999', 'T-IDEM');
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(kit.store.player('pg', 'agt_alice')?.balance).toBe(10000n);
    const w1 = await withdraw('400', 'W-IDEM');
    const w2 = await withdraw('400', 'W-IDEM');
    expect(w2.body).toEqual(w1.body);
    expect(kit.store.player('pg', 'agt_alice')?.balance).toBe(9600n);
  });

  it('refuses a transferId reused for another direction or player', async () => {
    kit.store.createPlayer('pg', 'agt_bob', 'secret-1');
    await deposit('100', 'T-X');
    expect((await withdraw('100', 'T-X')).status).toBe(409);
    const other = await deposit('100', 'T-X', 'agt_bob');
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('TRANSFER_ID_CONFLICT');
  });

  it('answers INSUFFICIENT_BALANCE (400) on a withdrawal beyond the balance and applies nothing', async () => {
    await deposit('500', 'T-3');
    const res = await withdraw('501', 'W-3');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 'FAILED', code: 'INSUFFICIENT_BALANCE' });
    expect(kit.store.player('pg', 'agt_alice')?.balance).toBe(500n);
    expect((await kit.signed('GET', 'pg', 'transfers/W-3')).body.status).toBe('NOT_FOUND');
  });

  it('refuses bad amounts and unknown players', async () => {
    for (const amount of ['0', '-1', '1.5', 'abc', '']) {
      expect((await deposit(amount, 'T-BAD')).status).toBe(400);
    }
    expect((await deposit('100', 'T-4', 'agt_ghost')).body.code).toBe('PLAYER_NOT_FOUND');
  });

  it('reports a transfer status by our id', async () => {
    const d = await deposit('700', 'T-5');
    const status = await kit.signed('GET', 'pg', 'transfers/T-5');
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({
      status: 'SUCCESS',
      transferId: 'T-5',
      direction: 'deposit',
      amount: '700',
      refId: d.body.refId,
    });
    const missing = await kit.signed('GET', 'pg', 'transfers/T-NONE');
    expect(missing.body).toEqual({ status: 'NOT_FOUND', transferId: 'T-NONE' });
    // ids are per game
    expect((await kit.signed('GET', 'joker2', 'transfers/T-5')).body.status).toBe('NOT_FOUND');
  });
});

describe('bet history', () => {
  it('lists bets since a time', async () => {
    kit.store.setBalance('pg', 'agt_alice', 10_000n);
    const early = kit.store.recordBet('pg', 'agt_alice', 100n, 0n);
    early.placedAt = new Date('2030-01-01T00:00:00Z');
    kit.store.recordBet('pg', 'agt_alice', 500n, 1000n);
    const all = await kit.signed('GET', 'pg', 'players/agt_alice/bets');
    expect(all.body).toHaveLength(2);
    const since = await kit.signed(
      'GET',
      'pg',
      `players/agt_alice/bets?since=${encodeURIComponent('2031-01-01T00:00:00Z')}`,
    );
    expect(since.body).toEqual([]);
    const recent = await kit.signed('GET', 'pg', `players/agt_alice/bets?since=2000-01-01T00:00:00.000Z`);
    expect(recent.body[1]).toMatchObject({ stake: '500', payout: '1000' });
    expect(kit.store.player('pg', 'agt_alice')?.balance).toBe(10_400n);
    expect((await kit.signed('GET', 'pg', 'players/agt_alice/bets?since=yesterday')).status).toBe(400);
  });
});
