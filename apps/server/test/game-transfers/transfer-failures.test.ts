import { describe, expect, it } from 'vitest';
import { transit } from '../../src/modules/ledger/account-codes.ts';
import { useTransferFixture } from './transfer-fixture.ts';

const fx = useTransferFixture();
const { providers, player, transfer, gameBalance, accountBalance } = fx;

describe('provider failures (docs/reliability.md scenarios 8-10, 12-13)', () => {
  it('a definite refusal answers TRANSFER_FAIL and returns the funds: net ledger effect 0', async () => {
    const p = await player(10_000n);
    providers.get('pg')!.fault('fail', ['deposit']);
    expect(await transfer(p.token, 'WALLET', 'pg', 50)).toEqual({ status: 502, body: { message: 'TRANSFER_FAIL' } });
    expect(await fx.h.walletMinor(p.id)).toBe(10_000n);
    expect(await accountBalance(transit('pg', p.id))).toBe(0n);
    expect(gameBalance('pg', p.usernames.pg!)).toBe(0n);
    const [row] = await fx.h.transfers(p.id);
    expect(row).toMatchObject({ status: 'failed', lastError: 'TRANSFER_REJECTED' });
    expect(await fx.h.invariants()).toEqual([]);
  });

  it('game → wallet beyond the game balance answers MONEY_NOT_ENOUGH and credits nothing', async () => {
    const p = await player(10_000n);
    await transfer(p.token, 'WALLET', 'pg', 20);
    expect(await transfer(p.token, 'pg', 'WALLET', 30)).toEqual({ status: 400, body: { message: 'MONEY_NOT_ENOUGH' } });
    expect(await fx.h.walletMinor(p.id)).toBe(8_000n);
    expect(await fx.h.invariants()).toEqual([]);
  });

  it('retries an unanswered call with the same transfer id (scenario 13)', async () => {
    const p = await player(10_000n);
    const pg = providers.get('pg')!;
    pg.fault('timeout', ['deposit']);
    const res = await transfer(p.token, 'WALLET', 'pg', 25);
    expect(res.body).toMatchObject({ status: 'SUCCESS' });
    const calls = pg.log.filter((e) => e.op === 'deposit' && e.username === p.usernames.pg);
    expect(calls.map((c) => c.transferId)).toEqual([res.body.transferId, res.body.transferId]);
    expect(gameBalance('pg', p.usernames.pg!)).toBe(2_500n);
    expect(await fx.h.invariants()).toEqual([]);
  });

  it('does not retry once the call outlived half the grace window (a late retry could land after a void)', async () => {
    const p = await player(10_000n);
    const pg = providers.get('pg')!;
    pg.fault('timeout', ['deposit'], 2);
    pg.onTransferCall = () => fx.h.t.clock.advance(31_000);
    const res = await transfer(p.token, 'WALLET', 'pg', 10);
    pg.onTransferCall = null;
    expect(res.body.status).toBe('PENDING');
    expect(pg.log.filter((e) => e.transferId === res.body.transferId && e.op === 'deposit')).toHaveLength(1);
    pg.clearFaults();
    fx.h.t.clock.advance(31_000);
    expect(await fx.h.reconcile()).toMatchObject({ voided: 1 });
    expect(await fx.h.walletMinor(p.id)).toBe(10_000n);
    expect(await fx.h.invariants()).toEqual([]);
  });

  it('provider credited but we timed out: pending, no refund; the reconciler settles once (scenario 9)', async () => {
    const p = await player(10_000n);
    providers.get('pg')!.fault('success-then-timeout', ['deposit'], 2);
    const res = await transfer(p.token, 'WALLET', 'pg', 100);
    expect(res).toEqual({
      status: 200,
      body: { message: 'TRANSFER_PENDING', status: 'PENDING', transferId: expect.any(String) },
    });
    expect(await fx.h.walletMinor(p.id)).toBe(0n);
    expect(await accountBalance(transit('pg', p.id))).toBe(10_000n);

    fx.h.t.clock.advance(61_000); // even past the grace window, a credited transfer is never voided
    const first = await fx.h.reconcile();
    expect(first).toMatchObject({ settled: 1, voided: 0 });
    const second = await fx.h.reconcile();
    expect(second.checked).toBe(0);
    expect(await fx.h.walletMinor(p.id)).toBe(0n);
    expect(gameBalance('pg', p.usernames.pg!)).toBe(10_000n);
    expect(await accountBalance(transit('pg', p.id))).toBe(0n);
    expect((await fx.h.transfers(p.id))[0]).toMatchObject({
      status: 'success',
      providerRef: expect.stringMatching(/^REF/),
    });
    expect(await fx.h.invariants()).toEqual([]);
  });

  it('provider never got it: pending through the grace window, then voided once (scenario 10)', async () => {
    const p = await player(10_000n);
    providers.get('pg')!.fault('timeout', ['deposit'], 2);
    const res = await transfer(p.token, 'WALLET', 'pg', 100);
    expect(res.body.status).toBe('PENDING');
    expect(await fx.h.walletMinor(p.id)).toBe(0n);

    fx.h.t.clock.advance(30_000);
    expect(await fx.h.reconcile()).toMatchObject({ checked: 1, stillPending: 1 });
    expect(await fx.h.walletMinor(p.id)).toBe(0n);

    fx.h.t.clock.advance(31_000);
    expect(await fx.h.reconcile()).toMatchObject({ voided: 1 });
    expect(await fx.h.reconcile()).toMatchObject({ checked: 0 });
    expect(await fx.h.walletMinor(p.id)).toBe(10_000n);
    expect(gameBalance('pg', p.usernames.pg!)).toBe(0n);
    expect((await fx.h.transfers(p.id))[0]).toMatchObject({ status: 'failed', attempts: 1 });
    expect(await fx.h.invariants()).toEqual([]);
  });

  it('keeps a transfer pending while the provider cannot tell, counting attempts', async () => {
    const p = await player(10_000n);
    const pg = providers.get('pg')!;
    pg.fault('timeout', ['deposit'], 2);
    await transfer(p.token, 'WALLET', 'pg', 10);
    pg.fault('unknown', ['transferStatus'], 2);
    fx.h.t.clock.advance(120_000);
    await fx.h.reconcile();
    await fx.h.reconcile();
    expect((await fx.h.transfers(p.id))[0]).toMatchObject({ status: 'pending', attempts: 2 });
    expect(await fx.h.walletMinor(p.id)).toBe(9_000n);
    expect(await fx.h.reconcile()).toMatchObject({ voided: 1 });
    expect(await fx.h.walletMinor(p.id)).toBe(10_000n);
    expect(await fx.h.invariants()).toEqual([]);
  });

  it('game → wallet debited at the provider, then we "crashed" before the credit: credited exactly once (scenario 12)', async () => {
    const p = await player(10_000n);
    await transfer(p.token, 'WALLET', 'pg', 100);
    // the crash: our pending row exists and the provider applied the withdraw, but no credit was posted
    const { openFromGame } = await import('../../src/modules/game-transfers/transfer-settlement.ts');
    const row = await openFromGame(
      { db: fx.h.t.ctx.db, ledger: fx.h.ledger, clock: fx.h.t.clock },
      { memberId: p.id, currency: 'THB', game: 'pg', amount: 6_000n },
    );
    providers.get('pg')!.apply('withdraw', p.usernames.pg!, 6_000n, row.id);
    expect(await fx.h.walletMinor(p.id)).toBe(0n);

    expect(await fx.h.reconcile()).toMatchObject({ settled: 1 });
    expect(await fx.h.reconcile()).toMatchObject({ checked: 0 });
    expect(await fx.h.walletMinor(p.id)).toBe(6_000n);
    expect(gameBalance('pg', p.usernames.pg!)).toBe(4_000n);
    expect(await fx.h.invariants()).toEqual([]);
  });

  it('game → wallet with no answer: no credit while unknown; failed once the provider says it never saw it', async () => {
    const p = await player(10_000n);
    await transfer(p.token, 'WALLET', 'pg', 100);
    providers.get('pg')!.fault('timeout', ['withdraw'], 2);
    expect((await transfer(p.token, 'pg', 'WALLET', 100)).body.status).toBe('PENDING');
    expect(await fx.h.walletMinor(p.id)).toBe(0n);
    fx.h.t.clock.advance(61_000);
    expect(await fx.h.reconcile()).toMatchObject({ failed: 1 });
    expect(await fx.h.walletMinor(p.id)).toBe(0n);
    expect(gameBalance('pg', p.usernames.pg!)).toBe(10_000n);
    expect(await fx.h.invariants()).toEqual([]);
  });

  it("leaves a transfer pending when the provider's record does not match ours", async () => {
    const p = await player(10_000n);
    const pg = providers.get('pg')!;
    pg.fault('timeout', ['deposit'], 2);
    const { transferId } = (await transfer(p.token, 'WALLET', 'pg', 10)).body;
    pg.apply('deposit', p.usernames.pg!, 999n, transferId); // someone applied another amount under our id
    fx.h.t.clock.advance(120_000);
    expect(await fx.h.reconcile()).toMatchObject({ stillPending: 1 });
    expect(await fx.h.walletMinor(p.id)).toBe(9_000n);
    // resolved by hand for the rest of the suite: the provider corrects its record
    pg.transfers.set(transferId, { ...pg.transfers.get(transferId)!, amount: 1_000n });
    expect(await fx.h.reconcile()).toMatchObject({ settled: 1 });
    expect(await fx.h.invariants()).toEqual([]);
  });

  it('flags a transfer pending past its SLA', async () => {
    const p = await player(10_000n);
    const pg = providers.get('pg')!;
    pg.fault('timeout', ['deposit'], 2);
    await transfer(p.token, 'WALLET', 'pg', 10);
    fx.h.t.clock.advance(11 * 60_000);
    const problems = await fx.h.invariants();
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/pending since/);
    expect(await fx.h.reconcile()).toMatchObject({ voided: 1 });
    expect(await fx.h.invariants()).toEqual([]);
  });
});
