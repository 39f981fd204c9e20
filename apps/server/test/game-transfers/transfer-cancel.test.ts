import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ledgerTransactions } from '../../src/db/schema/ledger.ts';
import { expectLedgerSound } from '../helpers/ledger.ts';
import { createGamesHarness, fakeProviders, type GamesHarness } from '../helpers/games-harness.ts';

/** The reconciler's cancel-before-void rule over the scripted fake provider (which models tombstones too). */
const providers = fakeProviders();
const pg = providers.get('pg')!;
let h: GamesHarness;
beforeAll(async () => {
  h = await createGamesHarness(providers);
});
beforeEach(() => {
  pg.clearFaults();
  pg.onCancelCall = null;
});
afterAll(async () => {
  await expectLedgerSound(h.t);
  await h.t.close();
});

async function player(minor: bigint) {
  const m = await h.member();
  await h.fund(m.id, minor);
  const username = (await h.call(m.token, 'GET', '/api/wallet/activate/pg')).body.username as string;
  return { ...m, username };
}
const transfer = (token: string, from: string, to: string, amount: number) =>
  h.call(token, 'POST', '/api/wallet/transfer', { from, to, amount });
const opsOf = (transferId: string) => pg.log.filter((e) => e.transferId === transferId).map((e) => e.op);
const postingKinds = async (transferId: string) =>
  (
    await h.t.ctx.db
      .select({ kind: ledgerTransactions.kind })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.reference, transferId))
  )
    .map((r) => r.kind)
    .sort();

/** A deposit the provider never answered (both tries), nothing applied. */
async function pendingDeposit(token: string, amount: number): Promise<string> {
  pg.fault('timeout', ['deposit'], 2);
  const res = await transfer(token, 'WALLET', 'pg', amount);
  expect(res.body.status).toBe('PENDING');
  return res.body.transferId as string;
}

describe('cancel before void', () => {
  it('never cancels inside the grace window; past it, cancels first and voids once', async () => {
    const p = await player(10_000n);
    const id = await pendingDeposit(p.token, 40);
    h.t.clock.advance(59_000);
    expect(await h.reconcile()).toMatchObject({ stillPending: 1 });
    expect(opsOf(id)).toEqual(['deposit', 'deposit', 'transferStatus']);
    h.t.clock.advance(2_000);
    expect(await h.reconcile()).toMatchObject({ voided: 1 });
    expect(opsOf(id)).toEqual(['deposit', 'deposit', 'transferStatus', 'transferStatus', 'cancel']);
    expect(pg.tombstones.has(id)).toBe(true);
    // a request of ours stuck somewhere reaches the provider now: refused, definitely
    expect(await pg.deposit(p.username, 4_000n, id)).toEqual({ kind: 'failed', reason: 'TRANSFER_CANCELLED' });
    expect(pg.players.get(p.username)!.balance).toBe(0n);
    expect(await h.walletMinor(p.id)).toBe(10_000n);
    expect(await postingKinds(id)).toEqual(['transfer_out', 'transfer_out_void']);
    await expectLedgerSound(h.t);
  });

  it('a cancel whose answer was lost (applied at the provider) stays pending, then voids on the next round', async () => {
    const p = await player(10_000n);
    const id = await pendingDeposit(p.token, 40);
    h.t.clock.advance(61_000);
    pg.fault('success-then-timeout', ['cancel']);
    expect(await h.reconcile()).toMatchObject({ stillPending: 1 });
    expect(pg.tombstones.has(id)).toBe(true);
    expect(await h.walletMinor(p.id)).toBe(6_000n);
    expect(await h.reconcile()).toMatchObject({ voided: 1 });
    expect(await h.walletMinor(p.id)).toBe(10_000n);
    await expectLedgerSound(h.t);
  });

  it('a refused cancel is not definite: stays pending, attempts counted', async () => {
    const p = await player(10_000n);
    const id = await pendingDeposit(p.token, 40);
    h.t.clock.advance(61_000);
    pg.fault('fail', ['cancel'], 2);
    await h.reconcile();
    await h.reconcile();
    expect((await h.transfers(p.id))[0]).toMatchObject({ id, status: 'pending', attempts: 2 });
    expect(pg.tombstones.has(id)).toBe(false);
    expect(await h.reconcile()).toMatchObject({ voided: 1 });
    await expectLedgerSound(h.t);
  });

  it('already applied but with another amount: left pending and logged, never voided nor settled', async () => {
    const p = await player(10_000n);
    const id = await pendingDeposit(p.token, 10);
    h.t.clock.advance(61_000);
    pg.onCancelCall = (transferId) => pg.apply('deposit', p.username, 999n, transferId);
    expect(await h.reconcile()).toMatchObject({ stillPending: 1, settled: 0, voided: 0 });
    expect((await h.transfers(p.id))[0]).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: expect.stringMatching(/does not match/),
    });
    expect(await h.walletMinor(p.id)).toBe(9_000n);
    // resolved by hand for the rest of the suite: the provider corrects its record
    pg.transfers.set(id, { ...pg.transfers.get(id)!, amount: 1_000n });
    expect(await h.reconcile()).toMatchObject({ settled: 1 });
    expect(await postingKinds(id)).toEqual(['transfer_out', 'transfer_out_settle']);
    await expectLedgerSound(h.t);
  });

  it('already applied in the other direction: left pending', async () => {
    const p = await player(10_000n);
    const id = await pendingDeposit(p.token, 10);
    h.t.clock.advance(61_000);
    pg.players.get(p.username)!.balance = 5_000n;
    pg.onCancelCall = (transferId) => pg.apply('withdraw', p.username, 1_000n, transferId);
    expect(await h.reconcile()).toMatchObject({ stillPending: 1 });
    expect(await h.walletMinor(p.id)).toBe(9_000n);
    pg.transfers.set(id, { ...pg.transfers.get(id)!, direction: 'deposit' });
    expect(await h.reconcile()).toMatchObject({ settled: 1 });
    await expectLedgerSound(h.t);
  });

  it('game → wallet applied just before the cancel: credited once', async () => {
    const p = await player(10_000n);
    expect((await transfer(p.token, 'WALLET', 'pg', 100)).body.status).toBe('SUCCESS');
    pg.fault('timeout', ['withdraw'], 2);
    const res = await transfer(p.token, 'pg', 'WALLET', 70);
    expect(res.body.status).toBe('PENDING');
    const id = res.body.transferId as string;
    h.t.clock.advance(61_000);
    pg.onCancelCall = (transferId) => pg.apply('withdraw', p.username, 7_000n, transferId);
    expect(await h.reconcile()).toMatchObject({ settled: 1, failed: 0 });
    expect(await h.reconcile()).toMatchObject({ checked: 0 });
    expect(await h.walletMinor(p.id)).toBe(7_000n);
    expect(pg.players.get(p.username)!.balance).toBe(3_000n);
    expect(await postingKinds(id)).toEqual(['transfer_in']);
    await expectLedgerSound(h.t);
  });

  it('game → wallet never applied: cancelled, failed, nothing credited', async () => {
    const p = await player(10_000n);
    expect((await transfer(p.token, 'WALLET', 'pg', 100)).body.status).toBe('SUCCESS');
    pg.fault('timeout', ['withdraw'], 2);
    const id = (await transfer(p.token, 'pg', 'WALLET', 70)).body.transferId as string;
    h.t.clock.advance(61_000);
    expect(await h.reconcile()).toMatchObject({ failed: 1 });
    expect(opsOf(id)).toEqual(['withdraw', 'withdraw', 'transferStatus', 'cancel']);
    expect(await pg.withdraw(p.username, 7_000n, id)).toEqual({ kind: 'failed', reason: 'TRANSFER_CANCELLED' });
    expect(await h.walletMinor(p.id)).toBe(0n);
    expect(pg.players.get(p.username)!.balance).toBe(10_000n);
    expect(await postingKinds(id)).toEqual([]);
    await expectLedgerSound(h.t);
  });

  it('five reconcilers at once: each may cancel (idempotent), the wallet is restored once', async () => {
    const p = await player(10_000n);
    const id = await pendingDeposit(p.token, 25);
    h.t.clock.advance(61_000);
    const reports = await Promise.all(Array.from({ length: 5 }, () => h.reconcile()));
    // a report counts the transfer's final state, whoever resolved it; the money moves once
    expect(reports.every((r) => r.voided === 1 || r.checked === 0)).toBe(true);
    expect(opsOf(id).filter((op) => op === 'cancel').length).toBeGreaterThanOrEqual(1);
    expect((await h.transfers(p.id))[0]).toMatchObject({ id, status: 'failed' });
    expect(await h.walletMinor(p.id)).toBe(10_000n);
    expect(await postingKinds(id)).toEqual(['transfer_out', 'transfer_out_void']);
    await expectLedgerSound(h.t);
  });
});
