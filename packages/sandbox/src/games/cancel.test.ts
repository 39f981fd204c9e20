import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PREFIX, TEST_SECRET, startGamesKit, type GamesKit } from './games-test-kit.ts';
import { signPayload } from './signature.ts';

/** POST transfers/:transferId/cancel: tombstone an id we never heard back about, or learn it was applied. */
let kit: GamesKit;
beforeEach(async () => {
  kit = await startGamesKit();
  kit.store.createPlayer('pg', 'agt_alice', 'secret-1');
  kit.store.setBalance('pg', 'agt_alice', 1_000n);
});
afterEach(() => kit.close());

const transfer = (direction: 'deposit' | 'withdraw', transferId: string, amount = '100', game = 'pg') =>
  kit.signed('POST', game, `transfers/${direction}`, { username: 'agt_alice', amount, transferId });
const cancel = (transferId: string, game = 'pg', timeoutMs = 10_000) =>
  kit.signed('POST', game, `transfers/${transferId}/cancel`, {}, { timeoutMs });
const status = (transferId: string, game = 'pg') => kit.signed('GET', game, `transfers/${transferId}`);
const balance = (game = 'pg') => kit.store.player(game, 'agt_alice')?.balance;
const setFault = async (spec: object) => expect((await kit.plain('POST', '_faults', spec)).status).toBe(200);

describe('cancel', () => {
  it('an applied id answers SUCCESS with the transfer answer and changes nothing', async () => {
    const applied = await transfer('deposit', 'C-1', '250');
    expect(applied.status).toBe(200);
    const res = await cancel('C-1');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(applied.body);
    expect(res.body).toMatchObject({ status: 'SUCCESS', transferId: 'C-1', direction: 'deposit', amount: '250' });
    expect((await status('C-1')).body).toEqual(applied.body);
    expect(kit.store.isCancelled('pg', 'C-1')).toBe(false);
    // the id still answers its first result on a retry
    expect((await transfer('deposit', 'C-1', '250')).body).toEqual(applied.body);
    expect(balance()).toBe(1_250n);
  });

  it('an unknown id is tombstoned: CANCELLED, then a late deposit with it is refused 409 and applies nothing', async () => {
    const res = await cancel('C-2');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'CANCELLED', transferId: 'C-2' });
    expect(kit.store.isCancelled('pg', 'C-2')).toBe(true);

    const late = await transfer('deposit', 'C-2');
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ status: 'FAILED', code: 'TRANSFER_CANCELLED' });
    const lateWithdraw = await transfer('withdraw', 'C-2');
    expect(lateWithdraw.status).toBe(409);
    expect(lateWithdraw.body).toMatchObject({ status: 'FAILED', code: 'TRANSFER_CANCELLED' });
    expect(balance()).toBe(1_000n);
    expect(kit.store.findTransfer('pg', 'C-2')).toBeUndefined();
    expect((await status('C-2')).body).toEqual({ status: 'CANCELLED', transferId: 'C-2' });
  });

  it('is idempotent: a repeat answers CANCELLED again, and the id stays refused', async () => {
    const first = await cancel('C-3');
    const again = await cancel('C-3');
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect((await transfer('withdraw', 'C-3')).status).toBe(409);
    expect(await cancel('C-3')).toMatchObject({ status: 200, body: { status: 'CANCELLED', transferId: 'C-3' } });
    expect(balance()).toBe(1_000n);
  });

  it('is per game', async () => {
    kit.store.createPlayer('joker2', 'agt_alice', 'secret-1');
    await cancel('C-4', 'joker2');
    expect((await status('C-4')).body.status).toBe('NOT_FOUND');
    expect((await transfer('deposit', 'C-4', '100', 'pg')).status).toBe(200);
    expect((await transfer('deposit', 'C-4', '100', 'joker2')).status).toBe(409);
    expect(balance('pg')).toBe(1_100n);
    expect(balance('joker2')).toBe(0n);
  });

  it('is signed like the other POSTs and validates the id', async () => {
    const url = `${kit.origin}${PREFIX}/pg/transfers/C-5/cancel`;
    const unsigned = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-agent': 'a',
        'x-signature': signPayload('wrong-secret-00000', '{}'),
      },
      body: '{}',
    });
    expect(unsigned.status).toBe(401);
    expect(kit.store.isCancelled('pg', 'C-5')).toBe(false);
    const signed = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-agent': 'a', 'x-signature': signPayload(TEST_SECRET, '{}') },
      body: '{}',
    });
    expect(signed.status).toBe(200);
    expect((await cancel('bad%20id')).status).toBe(400);
  });

  it('is logged with its transfer id', async () => {
    await cancel('C-6');
    expect(kit.store.log.list({ transferId: 'C-6' })).toMatchObject([{ game: 'pg', op: 'cancel', fault: null }]);
  });
});

describe('faults on cancel', () => {
  it('a timeout holds the answer and leaves the id un-tombstoned', async () => {
    await setFault({ mode: 'timeout', ops: ['cancel'], times: 1 });
    await expect(cancel('CF-1', 'pg', 200)).rejects.toThrow(/aborted|timeout/i);
    expect(kit.store.isCancelled('pg', 'CF-1')).toBe(false);
    expect((await status('CF-1')).body.status).toBe('NOT_FOUND');
    // nothing protects the id yet: it can still be applied, and the next cancel then says so
    expect((await transfer('deposit', 'CF-1')).status).toBe(200);
    expect((await cancel('CF-1')).body).toMatchObject({ status: 'SUCCESS', transferId: 'CF-1', amount: '100' });
  });

  it('a short timeout ends in 504 without tombstoning', async () => {
    await setFault({ mode: 'timeout', ops: ['cancel'], latencyMs: 20, times: 1 });
    expect((await cancel('CF-2')).status).toBe(504);
    expect(kit.store.isCancelled('pg', 'CF-2')).toBe(false);
    expect((await cancel('CF-2')).body).toEqual({ status: 'CANCELLED', transferId: 'CF-2' });
  });

  it('success-then-timeout tombstones, then holds the answer; the retry answers CANCELLED', async () => {
    await setFault({ mode: 'success-then-timeout', ops: ['cancel'], times: 1 });
    await expect(cancel('CF-3', 'pg', 200)).rejects.toThrow(/aborted|timeout/i);
    expect(kit.store.isCancelled('pg', 'CF-3')).toBe(true);
    expect((await cancel('CF-3')).body).toEqual({ status: 'CANCELLED', transferId: 'CF-3' });
    expect((await transfer('deposit', 'CF-3')).status).toBe(409);
  });

  it('fail and unknown-status answer without tombstoning', async () => {
    await setFault({ mode: 'fail', ops: ['cancel'], times: 1 });
    expect((await cancel('CF-4')).status).toBe(400);
    await setFault({ mode: 'unknown-status', ops: ['cancel'], times: 1 });
    expect((await cancel('CF-4')).status).toBe(503);
    expect(kit.store.isCancelled('pg', 'CF-4')).toBe(false);
  });

  it('transfer faults do not touch cancel by default', async () => {
    await setFault({ mode: 'timeout' });
    expect((await cancel('CF-5')).body).toEqual({ status: 'CANCELLED', transferId: 'CF-5' });
  });
});
