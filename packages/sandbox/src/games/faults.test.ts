import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startGamesKit, type GamesKit } from './games-test-kit.ts';

let kit: GamesKit;
beforeEach(async () => {
  kit = await startGamesKit();
  kit.store.createPlayer('pg', 'agt_alice', 'secret-1');
  kit.store.createPlayer('joker2', 'agt_alice', 'secret-1');
  kit.store.setBalance('pg', 'agt_alice', 1000n);
});
afterEach(() => kit.close());

const CLIENT_TIMEOUT_MS = 200;
const transfer = (direction: 'deposit' | 'withdraw', transferId: string, game = 'pg', timeoutMs = 10_000) =>
  kit.signed(
    'POST',
    game,
    `transfers/${direction}`,
    { username: 'agt_alice', amount: '100', transferId },
    { timeoutMs },
  );
/** a transfer whose answer is expected to be held: the client gives up after CLIENT_TIMEOUT_MS */
const heldTransfer = (direction: 'deposit' | 'withdraw', transferId: string) =>
  transfer(direction, transferId, 'pg', CLIENT_TIMEOUT_MS);
const balance = (game = 'pg') => kit.store.player(game, 'agt_alice')?.balance;
const status = async (transferId: string, game = 'pg') =>
  (await kit.signed('GET', game, `transfers/${transferId}`)).body.status;
const setFault = async (spec: object) => expect((await kit.plain('POST', '_faults', spec)).status).toBe(200);

describe('fault switches', () => {
  it('latency delays the answer, then applies', async () => {
    await setFault({ mode: 'latency', latencyMs: 150 });
    const started = Date.now();
    const res = await kit.signed('POST', 'pg', 'transfers/deposit', {
      username: 'agt_alice',
      amount: '100',
      transferId: 'L-1',
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(res.body.status).toBe('SUCCESS');
    expect(balance()).toBe(1100n);
  });

  it('timeout holds the answer past the client timeout and applies nothing', async () => {
    await setFault({ mode: 'timeout' });
    await expect(heldTransfer('deposit', 'TO-1')).rejects.toThrow(/aborted|timeout/i);
    expect(balance()).toBe(1000n);
    expect(await status('TO-1')).toBe('NOT_FOUND');
  });

  it('timeout with a short latencyMs ends in 504 without applying', async () => {
    await setFault({ mode: 'timeout', latencyMs: 20 });
    const res = await transfer('withdraw', 'TO-2');
    expect(res.status).toBe(504);
    expect(balance()).toBe(1000n);
  });

  it('fail answers a definite 400 TRANSFER_REJECTED without applying', async () => {
    await setFault({ mode: 'fail' });
    const res = await transfer('deposit', 'F-1');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 'FAILED', code: 'TRANSFER_REJECTED' });
    expect(balance()).toBe(1000n);
    expect(await status('F-1')).toBe('NOT_FOUND');
  });

  it('fail never denies a transfer already applied: the retry gets the first result', async () => {
    const first = await transfer('deposit', 'F-2');
    await setFault({ mode: 'fail' });
    const retry = await transfer('deposit', 'F-2');
    expect(retry.body).toEqual(first.body);
  });

  it('success-then-timeout applies the transfer, then the client times out', async () => {
    await setFault({ mode: 'success-then-timeout' });
    await expect(heldTransfer('deposit', 'ST-1')).rejects.toThrow(/aborted|timeout/i);
    expect(balance()).toBe(1100n);
    expect(await status('ST-1')).toBe('SUCCESS');
    // the retry with the same id, once the fault is cleared, is the first result and applies nothing more
    await kit.plain('DELETE', '_faults');
    const retry = await transfer('deposit', 'ST-1');
    expect(retry.body).toMatchObject({ status: 'SUCCESS', balanceAfter: '1100' });
    expect(balance()).toBe(1100n);
  });

  it('unknown-status makes the status query answer 503 PENDING', async () => {
    await transfer('deposit', 'U-1');
    await setFault({ mode: 'unknown-status' });
    const res = await kit.signed('GET', 'pg', 'transfers/U-1');
    expect(res.status).toBe(503);
    expect(res.body.status).toBe('PENDING');
    // transfers themselves are not affected
    expect((await transfer('deposit', 'U-2')).status).toBe(200);
  });

  it('scopes a fault to one game, a number of requests and chosen ops', async () => {
    await setFault({ game: 'joker2', mode: 'fail', times: 1 });
    expect((await transfer('deposit', 'S-1')).status).toBe(200);
    expect((await transfer('deposit', 'S-2', 'joker2')).status).toBe(400);
    expect((await transfer('deposit', 'S-3', 'joker2')).status).toBe(200);
    await setFault({ mode: 'fail', ops: ['createPlayer'] });
    const create = await kit.signed('POST', 'pg', 'players', { username: 'agt_new', password: 'secret-1' });
    expect(create.status).toBe(400);
    expect(create.body.code).toBe('REJECTED');
    expect((await transfer('deposit', 'S-4')).status).toBe(200);
    await setFault({ mode: 'none' });
    expect((await kit.plain('GET', '_faults')).body).toEqual([]);
  });

  it('DELETE /_faults clears every switch', async () => {
    await setFault({ mode: 'fail' });
    expect((await kit.plain('DELETE', '_faults')).status).toBe(200);
    expect((await transfer('deposit', 'D-1')).status).toBe(200);
  });

  it('rejects an unknown mode', async () => {
    expect((await kit.plain('POST', '_faults', { mode: 'explode' })).status).toBe(400);
  });
});

describe('failures by input', () => {
  it('a transferId ending in -FAIL fails definitely, every time', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await transfer('withdraw', 'abc-FAIL');
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('TRANSFER_REJECTED');
    }
    expect(balance()).toBe(1000n);
    expect(await status('abc-FAIL')).toBe('NOT_FOUND');
  });

  it('a transferId ending in -TIMEOUT applies nothing and times out', async () => {
    await expect(heldTransfer('deposit', 'abc-TIMEOUT')).rejects.toThrow(/aborted|timeout/i);
    expect(balance()).toBe(1000n);
    expect(await status('abc-TIMEOUT')).toBe('NOT_FOUND');
  });
});

describe('request log', () => {
  it('logs each request with its op and transfer id, so retries can be traced', async () => {
    await transfer('deposit', 'R-1');
    await transfer('deposit', 'R-1');
    await kit.signed('GET', 'pg', 'transfers/R-1');
    await kit.signed('GET', 'pg', 'players/agt_alice/balance');
    const all = (await kit.plain('GET', '_log')).body;
    expect(all.map((e: { op: string }) => e.op)).toEqual(['deposit', 'deposit', 'transferStatus', 'balance']);
    const byId = (await kit.plain('GET', '_log?transferId=R-1&op=deposit')).body;
    expect(byId).toHaveLength(2);
    expect(byId[0]).toMatchObject({ game: 'pg', op: 'deposit', transferId: 'R-1', username: 'agt_alice', fault: null });
    expect(new Date(byId[0].at).getTime()).not.toBeNaN();
    await kit.plain('DELETE', '_log');
    expect(kit.store.log.list()).toEqual([]);
  });

  it('records the fault applied', async () => {
    await setFault({ mode: 'fail', times: 1 });
    await transfer('deposit', 'R-2');
    expect(kit.store.log.list({ transferId: 'R-2' })[0]?.fault).toBe('fail');
  });
});
