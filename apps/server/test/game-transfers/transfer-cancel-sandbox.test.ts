import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Config } from '../../src/config/env.ts';
import { ledgerTransactions } from '../../src/db/schema/ledger.ts';
import { transit } from '../../src/modules/ledger/account-codes.ts';
import { createGameProviders } from '../../src/providers/games/create-game-providers.ts';
import { signPayload } from '../../src/providers/games/game-wire.ts';
import { startGameSandbox, type GameSandbox } from '../helpers/game-sandbox.ts';
import { expectLedgerSound } from '../helpers/ledger.ts';
import { createGamesHarness, type GamesHarness } from '../helpers/games-harness.ts';

/**
 * docs/reliability.md scenario 10 with a definite cancel, over the real wire protocol: after the grace window the
 * reconciler asks the provider to cancel our transfer id before it gives the transfer up, so a request with that
 * id arriving later (stuck in the network or the provider's queue) is refused and cannot create money.
 */
/** the adapter timeout: a held answer (the point of several tests) ends here; prompt answers are far quicker */
const ADAPTER_TIMEOUT_MS = 2_000;
const GRACE_PLUS = 61_000;
let sandbox: GameSandbox;
let h: GamesHarness;
beforeAll(async () => {
  sandbox = await startGameSandbox({ holdMs: 20_000 });
  const providers = createGameProviders(
    { providers: 'sandbox', publicUrl: sandbox.origin, secrets: { provider: sandbox.secret } } as Config,
    { baseUrl: sandbox.baseUrl, secret: sandbox.secret, timeoutMs: ADAPTER_TIMEOUT_MS },
  );
  h = await createGamesHarness(providers);
});
beforeEach(() => sandbox.clearFaults());
afterAll(async () => {
  await expectLedgerSound(h.t);
  await h.t.close();
  await sandbox.close();
});

async function player(minor: bigint) {
  const m = await h.member();
  await h.fund(m.id, minor);
  const res = await h.call(m.token, 'GET', '/api/wallet/activate/pg');
  expect(res.status).toBe(200);
  return { ...m, username: res.body.username as string };
}
const transfer = (token: string, from: string, to: string, amount: number) =>
  h.call(token, 'POST', '/api/wallet/transfer', { from, to, amount });
const atGame = (username: string) => sandbox.store.player('pg', username)!.balance;
const ops = (transferId: string) => sandbox.log({ transferId }).map((e) => e.op);
const postingKinds = async (transferId: string) =>
  (
    await h.t.ctx.db
      .select({ kind: ledgerTransactions.kind })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.reference, transferId))
  )
    .map((r) => r.kind)
    .sort();

/** The request our adapter sent for a transfer, sent again straight to the sandbox (a late arrival). */
async function replay(direction: 'deposit' | 'withdraw', username: string, amount: bigint, transferId: string) {
  const body = JSON.stringify({ username, amount: amount.toString(), transferId });
  const res = await fetch(`${sandbox.baseUrl}/pg/transfers/${direction}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-agent': 'wallet',
      'x-signature': signPayload(sandbox.secret, body),
    },
    body,
    signal: AbortSignal.timeout(10_000),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A wallet → pg deposit whose calls (first try and retry) time out at the provider without applying. */
async function pendingDeposit(p: { token: string }, amount: number): Promise<string> {
  sandbox.setFault({ game: 'pg', mode: 'timeout', times: 2, ops: ['deposit'] });
  const res = await transfer(p.token, 'WALLET', 'pg', amount);
  expect(res.body).toMatchObject({ status: 'PENDING', message: 'TRANSFER_PENDING' });
  return res.body.transferId as string;
}

/** Wait until the sandbox has seen a request (the reconciler is inside that call); generous for a loaded machine. */
async function seen(transferId: string, op: string): Promise<void> {
  await expect.poll(() => sandbox.log({ transferId, op }).length, { timeout: 30_000, interval: 10 }).toBeGreaterThan(0);
}

describe('cancel before void (docs/reliability.md scenario 10)', () => {
  it('deposit timed out without applying: cancelled and voided after the grace window; a late replay is refused', async () => {
    const p = await player(10_000n);
    const id = await pendingDeposit(p, 100);
    expect(await h.walletMinor(p.id)).toBe(0n);

    // inside the grace window: not found, nothing cancelled, nothing voided
    h.t.clock.advance(30_000);
    expect(await h.reconcile()).toMatchObject({ checked: 1, stillPending: 1 });
    expect(ops(id)).toEqual(['deposit', 'deposit', 'transferStatus']);

    h.t.clock.advance(31_000);
    expect(await h.reconcile()).toMatchObject({ voided: 1 });
    expect(ops(id)).toEqual(['deposit', 'deposit', 'transferStatus', 'transferStatus', 'cancel']);
    expect(sandbox.store.isCancelled('pg', id)).toBe(true);
    expect(await h.reconcile()).toMatchObject({ checked: 0 });
    expect(await h.walletMinor(p.id)).toBe(10_000n);
    expect(await h.ledger.balance(transit('pg', p.id), 'THB')).toBe(0n);
    expect((await h.transfers(p.id))[0]).toMatchObject({
      id,
      status: 'failed',
      lastError: expect.stringMatching(/CANCELLED/),
    });
    expect(await postingKinds(id)).toEqual(['transfer_out', 'transfer_out_void']);

    // the original deposit request arrives at the provider now: refused by id, nothing applied
    const late = await replay('deposit', p.username, 10_000n, id);
    expect(late).toMatchObject({ status: 409, body: { status: 'FAILED', code: 'TRANSFER_CANCELLED' } });
    expect(atGame(p.username)).toBe(0n);
    expect(sandbox.store.findTransfer('pg', id)).toBeUndefined();
    // and the books stay as they were: restored once
    expect(await h.reconcile()).toMatchObject({ checked: 0 });
    expect(await h.walletMinor(p.id)).toBe(10_000n);
    expect(await postingKinds(id)).toEqual(['transfer_out', 'transfer_out_void']);
    await expectLedgerSound(h.t);
  });

  it('game → wallet timed out without applying: cancelled, then failed with no credit; a late replay is refused', async () => {
    const p = await player(10_000n);
    expect((await transfer(p.token, 'WALLET', 'pg', 100)).body.status).toBe('SUCCESS');
    sandbox.setFault({ game: 'pg', mode: 'timeout', times: 2, ops: ['withdraw'] });
    const res = await transfer(p.token, 'pg', 'WALLET', 60);
    expect(res.body.status).toBe('PENDING');
    const id = res.body.transferId as string;

    h.t.clock.advance(GRACE_PLUS);
    expect(await h.reconcile()).toMatchObject({ failed: 1 });
    expect(ops(id)).toEqual(['withdraw', 'withdraw', 'transferStatus', 'cancel']);
    const late = await replay('withdraw', p.username, 6_000n, id);
    expect(late).toMatchObject({ status: 409, body: { code: 'TRANSFER_CANCELLED' } });
    expect(atGame(p.username)).toBe(10_000n);
    expect(await h.walletMinor(p.id)).toBe(0n);
    expect(await postingKinds(id)).toEqual([]);
    await expectLedgerSound(h.t);
  });

  it('a request stuck in the provider queue lands after the cancel: refused, nothing created', async () => {
    const p = await player(10_000n);
    // the provider queues the deposit longer than we wait for it (both tries), then processes it
    const QUEUED_MS = 10_000;
    // the provider applying a queued request is the event to wait for (no sleep sized on the queue time)
    const applied = vi.spyOn(sandbox.store, 'transfer');
    sandbox.setFault({ game: 'pg', mode: 'latency', latencyMs: QUEUED_MS, times: 2, ops: ['deposit'] });
    const res = await transfer(p.token, 'WALLET', 'pg', 100);
    expect(res.body.status).toBe('PENDING');
    const id = res.body.transferId as string;

    h.t.clock.advance(GRACE_PLUS);
    expect(await h.reconcile()).toMatchObject({ voided: 1 });
    expect(await h.walletMinor(p.id)).toBe(10_000n);

    // wait until the provider has processed both queued requests: each tried to apply and was refused by id
    expect(sandbox.log({ transferId: id, op: 'deposit' })).toHaveLength(2);
    const tries = () => applied.mock.calls.flatMap((args, i) => (args[4] === id ? [applied.mock.results[i]] : []));
    await expect.poll(() => tries().length, { timeout: 45_000 }).toBe(2);
    applied.mockRestore();
    expect(tries().every((r) => r?.type === 'throw')).toBe(true);
    expect(atGame(p.username)).toBe(0n);
    expect(sandbox.store.findTransfer('pg', id)).toBeUndefined();
    expect(await h.reconcile()).toMatchObject({ checked: 0 });
    expect(await h.walletMinor(p.id)).toBe(10_000n);
    await expectLedgerSound(h.t);
  }, 90_000);

  it('cancel answers the transfer was applied (it landed after the status query): settled as success once', async () => {
    const p = await player(10_000n);
    const id = await pendingDeposit(p, 100);
    h.t.clock.advance(GRACE_PLUS);
    // the cancel is slow at the provider; the original deposit lands there while the cancel waits its turn
    sandbox.setFault({ game: 'pg', mode: 'latency', latencyMs: 1_000, times: 1, ops: ['cancel'] });
    const reconciling = h.reconcile();
    await seen(id, 'cancel');
    sandbox.store.transfer('pg', 'deposit', p.username, 10_000n, id);
    expect(await reconciling).toMatchObject({ settled: 1, voided: 0 });

    expect(sandbox.store.isCancelled('pg', id)).toBe(false);
    expect(await h.reconcile()).toMatchObject({ checked: 0 });
    expect(await h.walletMinor(p.id)).toBe(0n);
    expect(atGame(p.username)).toBe(10_000n);
    expect((await h.transfers(p.id))[0]).toMatchObject({
      id,
      status: 'success',
      providerRef: sandbox.store.findTransfer('pg', id)!.refId,
    });
    expect(await postingKinds(id)).toEqual(['transfer_out', 'transfer_out_settle']);
    await expectLedgerSound(h.t);
  });

  it('cancel times out: stays pending (attempt counted, id not tombstoned); the next round cancels and voids', async () => {
    const p = await player(10_000n);
    const id = await pendingDeposit(p, 100);
    h.t.clock.advance(GRACE_PLUS);
    sandbox.setFault({ game: 'pg', mode: 'timeout', times: 1, ops: ['cancel'] });
    expect(await h.reconcile()).toMatchObject({ checked: 1, stillPending: 1 });
    expect((await h.transfers(p.id))[0]).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: expect.stringMatching(/cancel was not confirmed.*timeout/),
    });
    expect(sandbox.store.isCancelled('pg', id)).toBe(false);
    expect(await h.walletMinor(p.id)).toBe(0n);
    expect(await h.ledger.balance(transit('pg', p.id), 'THB')).toBe(10_000n);

    expect(await h.reconcile()).toMatchObject({ voided: 1 });
    expect(sandbox.log({ transferId: id, op: 'cancel' }).map((e) => e.fault)).toEqual(['timeout', null]);
    expect(await h.walletMinor(p.id)).toBe(10_000n);
    expect((await replay('deposit', p.username, 10_000n, id)).status).toBe(409);
    expect(atGame(p.username)).toBe(0n);
    await expectLedgerSound(h.t);
  });

  it('cancel times out and the deposit lands before the next round: settled, never voided', async () => {
    const p = await player(10_000n);
    const id = await pendingDeposit(p, 100);
    h.t.clock.advance(GRACE_PLUS);
    sandbox.setFault({ game: 'pg', mode: 'unknown-status', times: 1, ops: ['cancel'] });
    expect(await h.reconcile()).toMatchObject({ stillPending: 1 });
    expect((await replay('deposit', p.username, 10_000n, id)).status).toBe(200);
    expect(await h.reconcile()).toMatchObject({ settled: 1, voided: 0 });
    expect(ops(id)).toEqual(['deposit', 'deposit', 'transferStatus', 'cancel', 'deposit', 'transferStatus']);
    expect(await h.walletMinor(p.id)).toBe(0n);
    expect(atGame(p.username)).toBe(10_000n);
    expect(await postingKinds(id)).toEqual(['transfer_out', 'transfer_out_settle']);
    await expectLedgerSound(h.t);
  });
});
