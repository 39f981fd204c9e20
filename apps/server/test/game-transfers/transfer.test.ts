import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { provider as providerAccount, transit } from '../../src/modules/ledger/account-codes.ts';
import { useTransferFixture } from './transfer-fixture.ts';

const fx = useTransferFixture();
const { providers, player, transfer, gameBalance, accountBalance, ledgerCount } = fx;

describe('wallet ↔ game transfers', () => {
  it('moves wallet → game: wallet down, provider account up, nothing left in transit', async () => {
    const p = await player(50_000n);
    const res = await transfer(p.token, 'WALLET', 'pg', 120.5);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'SUCCESS', status: 'SUCCESS' });
    expect(res.body.transferId).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(await fx.h.walletMinor(p.id)).toBe(50_000n - 12_050n);
    expect(gameBalance('pg', p.usernames.pg!)).toBe(12_050n);
    expect(await accountBalance(providerAccount('pg', p.id))).toBeGreaterThanOrEqual(12_050n);
    expect(await accountBalance(transit('pg', p.id))).toBe(0n);
    const [row] = await fx.h.transfers(p.id);
    expect(row).toMatchObject({ id: res.body.transferId, direction: 'to_game', amount: 12_050n, status: 'success' });
    const slot = (await fx.h.call(p.token, 'GET', '/api/wallet')).body.slots.find(
      (s: { code: string }) => s.code === 'pg',
    );
    expect(slot.amount).toBe(120.5);
    expect(await fx.h.invariants()).toEqual([]);
  });

  it('moves game → wallet, crediting only after the provider confirmed', async () => {
    const p = await player(10_000n);
    await transfer(p.token, 'WALLET', 'pg', 100);
    const res = await transfer(p.token, 'pg', 'WALLET', 40);
    expect(res.body).toMatchObject({ message: 'SUCCESS', status: 'SUCCESS' });
    expect(await fx.h.walletMinor(p.id)).toBe(4_000n);
    expect(gameBalance('pg', p.usernames.pg!)).toBe(6_000n);
    expect(await fx.h.invariants()).toEqual([]);
  });

  it('moves game → game through the wallet, as two two-phase transfers', async () => {
    const p = await player(10_000n, ['pg', 'joker2']);
    await transfer(p.token, 'WALLET', 'pg', 100);
    const res = await transfer(p.token, 'pg', 'joker2', 30);
    expect(res.body).toMatchObject({ status: 'SUCCESS' });
    expect(gameBalance('pg', p.usernames.pg!)).toBe(7_000n);
    expect(gameBalance('joker2', p.usernames.joker2!)).toBe(3_000n);
    expect(await fx.h.walletMinor(p.id)).toBe(0n);
    expect((await fx.h.transfers(p.id)).map((t) => `${t.game}:${t.direction}:${t.status}`).sort()).toEqual([
      'joker2:to_game:success',
      'pg:from_game:success',
      'pg:to_game:success',
    ]);
    expect(await fx.h.invariants()).toEqual([]);
  });

  it('answers the rule codes and moves nothing', async () => {
    const p = await player(10_000n, ['pg']);
    const cases: Array<[string, string, unknown, number, string]> = [
      ['WALLET', 'pg', 0.99, 400, 'TRANSFER_MINIMUM'],
      ['WALLET', 'pg', 100.01, 400, 'MONEY_NOT_ENOUGH'],
      ['WALLET', 'nosuchgame', 10, 404, 'NO_GAME'],
      ['nosuchgame', 'WALLET', 10, 404, 'NO_GAME'],
      ['WALLET', 'imi', 10, 404, 'SLOT_NO_ACCOUNT'],
      ['imi', 'WALLET', 10, 404, 'SLOT_NO_ACCOUNT'],
      ['pg', 'imi', 10, 404, 'SLOT_NO_ACCOUNT'],
      ['WALLET', 'WALLET', 10, 400, 'KEY_INVALID'],
      ['pg', 'pg', 10, 400, 'KEY_INVALID'],
    ];
    for (const [from, to, amount, status, message] of cases) {
      expect(await transfer(p.token, from, to, amount), `${from}→${to} ${String(amount)}`).toEqual({
        status,
        body: { message },
      });
    }
    expect(await fx.h.walletMinor(p.id)).toBe(10_000n);
    expect(await ledgerCount(p.id)).toBe(1);
    expect(await fx.h.transfers(p.id)).toEqual([]);
    expect(await fx.h.invariants()).toEqual([]);
  });

  it('rejects malformed amounts with 4xx and writes no ledger entry (docs/reliability.md scenario 6)', async () => {
    const p = await player(10_000n, ['pg']);
    for (const amount of [
      0,
      -1,
      0.001,
      100.005,
      '100',
      1e21,
      Number.NaN,
      Number.MAX_SAFE_INTEGER + 2,
      null,
      Infinity,
      {},
    ]) {
      const res = await transfer(p.token, 'WALLET', 'pg', amount);
      expect(res.status, `amount ${String(amount)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `amount ${String(amount)}`).toBeLessThan(500);
    }
    const raw = await fx.h.t.app.inject({
      method: 'POST',
      url: '/api/wallet/transfer',
      headers: { authorization: `Bearer ${p.token}`, 'content-type': 'application/json' },
      payload: '{"from":"WALLET","to":"pg","amount":NaN}',
    });
    expect(raw.statusCode).toBe(400);
    expect(await ledgerCount(p.id)).toBe(1);
    expect(await fx.h.transfers(p.id)).toEqual([]);
    expect(await fx.h.walletMinor(p.id)).toBe(10_000n);
    expect(await fx.h.invariants()).toEqual([]);
  });

  it('stores 100.50 as exactly 10,050 satang', async () => {
    const p = await player(20_000n, ['pg']);
    await transfer(p.token, 'WALLET', 'pg', 100.5);
    expect((await fx.h.transfers(p.id))[0]!.amount).toBe(10_050n);
    expect(await fx.h.walletMinor(p.id)).toBe(9_950n);
  });
});

describe('transferAll', () => {
  it('collects every game into the wallet, refreshing balances first', async () => {
    const p = await player(30_000n, ['pg', 'imi', 'huayhd']);
    await transfer(p.token, 'WALLET', 'pg', 100);
    await transfer(p.token, 'WALLET', 'imi', 50);
    providers.get('imi')!.players.get(p.usernames.imi!)!.balance = 7_777n; // won at the game
    const res = await fx.h.call(p.token, 'POST', '/api/wallet/transferAll', { to: 'WALLET' });
    expect(res).toEqual({ status: 200, body: { message: 'SUCCESS', amount: 177.77, pending: 0 } });
    expect(await fx.h.walletMinor(p.id)).toBe(15_000n + 17_777n);
    expect(gameBalance('pg', p.usernames.pg!)).toBe(0n);
    expect(gameBalance('imi', p.usernames.imi!)).toBe(0n);
    expect(await fx.h.invariants()).toEqual([]);
  });

  it('collects into one game through the wallet', async () => {
    const p = await player(30_000n, ['pg', 'imi']);
    await transfer(p.token, 'WALLET', 'pg', 100);
    const res = await fx.h.call(p.token, 'POST', '/api/wallet/transferAll', { to: 'imi' });
    expect(res).toEqual({ status: 200, body: { message: 'SUCCESS', amount: 300, pending: 0 } });
    expect(await fx.h.walletMinor(p.id)).toBe(0n);
    expect(gameBalance('imi', p.usernames.imi!)).toBe(30_000n);
    expect(await fx.h.invariants()).toEqual([]);
  });

  it('counts what stayed pending and skips games whose balance is unknown', async () => {
    const p = await player(30_000n, ['pg', 'imi']);
    await transfer(p.token, 'WALLET', 'pg', 100);
    await transfer(p.token, 'WALLET', 'imi', 100);
    providers.get('pg')!.fault('success-then-timeout', ['withdraw'], 2);
    providers.get('imi')!.fault('timeout', ['balance']);
    const res = await fx.h.call(p.token, 'POST', '/api/wallet/transferAll', { to: 'WALLET' });
    expect(res).toEqual({ status: 200, body: { message: 'SUCCESS', amount: 0, pending: 1 } });
    expect(await fx.h.walletMinor(p.id)).toBe(10_000n);
    expect(await fx.h.reconcile()).toMatchObject({ settled: 1 });
    expect(await fx.h.walletMinor(p.id)).toBe(20_000n);
    expect(await fx.h.invariants()).toEqual([]);
  });

  it('answers NO_GAME and SLOT_NO_ACCOUNT for a bad target', async () => {
    const p = await player(1_000n, ['pg']);
    expect(await fx.h.call(p.token, 'POST', '/api/wallet/transferAll', { to: 'nosuch' })).toEqual({
      status: 404,
      body: { message: 'NO_GAME' },
    });
    expect(await fx.h.call(p.token, 'POST', '/api/wallet/transferAll', { to: 'imi' })).toEqual({
      status: 404,
      body: { message: 'SLOT_NO_ACCOUNT' },
    });
  });
});

describe('ledger postings', () => {
  it('derives every key from the transfer id', async () => {
    const p = await player(10_000n);
    const { transferId } = (await transfer(p.token, 'WALLET', 'pg', 10)).body;
    const keys = await fx.h.t.ctx.db.execute(
      sql`select idempotency_key, kind from ledger_transactions where reference = ${transferId} order by id`,
    );
    expect((keys as unknown as { rows: unknown[] }).rows).toEqual([
      { idempotency_key: `transfer:${transferId}:hold`, kind: 'transfer_out' },
      { idempotency_key: `transfer:${transferId}:settle`, kind: 'transfer_out_settle' },
    ]);
  });
});
