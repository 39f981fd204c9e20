import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGamesHarness, fakeProviders, type GamesHarness } from '../helpers/games-harness.ts';
import { expectLedgerSound } from '../helpers/ledger.ts';

/** The idempotency layer on the real game transfer endpoint (two-phase, provider call in the middle). */
let h: GamesHarness;
const providers = fakeProviders();
beforeAll(async () => {
  h = await createGamesHarness(providers);
});
afterAll(async () => {
  await expectLedgerSound(h.t);
  await h.t.close();
});

const transfer = (token: string, key: string, amount: number) =>
  h.t.app.inject({
    method: 'POST',
    url: '/api/wallet/transfer',
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
    payload: { from: 'WALLET', to: 'pg', amount },
  });

async function player() {
  const m = await h.member();
  await h.fund(m.id, 100_000n);
  expect((await h.call(m.token, 'GET', '/api/wallet/activate/pg')).status).toBe(200);
  return m;
}

describe('Idempotency-Key on POST /api/wallet/transfer', () => {
  it('replays the first answer: one transfer, one provider deposit, one debit', async () => {
    const m = await player();
    const first = await transfer(m.token, 'tx-1', 100);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'SUCCESS' });
    const again = await transfer(m.token, 'tx-1', 100);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await h.transfers(m.id)).toHaveLength(1);
    expect(
      providers.get('pg')!.log.filter((l) => l.op === 'deposit' && l.transferId === first.json().transferId),
    ).toHaveLength(1);
    expect(await h.walletMinor(m.id)).toBe(100_000n - 10_000n);
  });

  it('answers 422 to the same key with another amount and moves nothing', async () => {
    const m = await player();
    await transfer(m.token, 'tx-2', 100);
    const other = await transfer(m.token, 'tx-2', 200);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ message: 'KEY_INVALID' });
    expect(await h.transfers(m.id)).toHaveLength(1);
    expect(await h.walletMinor(m.id)).toBe(100_000n - 10_000n);
  });

  it('replays a PENDING answer (provider timeout) instead of transferring again', async () => {
    const m = await player();
    providers.get('pg')!.fault('timeout', ['deposit'], 10);
    const first = await transfer(m.token, 'tx-3', 100);
    providers.get('pg')!.clearFaults();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'PENDING' });
    const again = await transfer(m.token, 'tx-3', 100);
    expect(again.body).toBe(first.body);
    expect((await h.transfers(m.id)).map((t) => t.status)).toEqual(['pending']);
    expect(await h.walletMinor(m.id)).toBe(100_000n - 10_000n); // held once; the reconciler settles it
  });

  it('releases the key on TRANSFER_FAIL (a definite failure, funds returned), so the retry transfers', async () => {
    const m = await player();
    providers.get('pg')!.fault('fail', ['deposit'], 1);
    const failed = await transfer(m.token, 'tx-4', 100);
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({ message: 'TRANSFER_FAIL' });
    expect(await h.walletMinor(m.id)).toBe(100_000n);
    const retry = await transfer(m.token, 'tx-4', 100);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect((await h.transfers(m.id)).map((t) => t.status).sort()).toEqual(['failed', 'success']);
    expect(await h.walletMinor(m.id)).toBe(100_000n - 10_000n);
  });
});
