// Every simulator's store keeps its newest records and drops the oldest past its bound (bounded-map.ts).
import Fastify from 'fastify';
import { providerKey, signHeaders } from '@wallet/contract/qr-wire';
import { describe, expect, it } from 'vitest';
import { bankPayoutsPlugin, BankPayoutStore, signBankPayload } from './bank-payouts/bank-payouts-plugin.ts';
import { bankSlipsPlugin, slipApiKey } from './bank-slips/bank-slips-plugin.ts';
import { BoundedMap } from './bounded-map.ts';
import { GameSandboxStore } from './games/game-store.ts';
import { lineSandboxPlugin } from './line/line-plugin.ts';
import { qrSandboxPlugin } from './qr-payments/qr-plugin.ts';
import { trueWalletPlugin } from './truewallet/truewallet-plugin.ts';

const SECRET = 'bounded-stores-test-secret';

describe('BoundedMap', () => {
  it('drops the oldest key past its capacity and answers the newest', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1).set('b', 2).set('c', 3);
    expect([...map.keys()]).toEqual(['b', 'c']);
    expect(map.get('a')).toBeUndefined();
    expect(map.get('c')).toBe(3);
  });

  it('does not drop anything when a kept key is set again', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1).set('b', 2).set('a', 10);
    expect([...map.entries()]).toEqual([
      ['a', 10],
      ['b', 2],
    ]);
  });

  it('refuses a capacity below one', () => {
    expect(() => new BoundedMap(0)).toThrow(RangeError);
  });
});

describe('QR sandbox past its bound', () => {
  it('forgets the oldest QR (NOT_FOUND, not payable) and still answers and pays the newest', async () => {
    const app = Fastify();
    await app.register((scope) => qrSandboxPlugin(scope, { secret: SECRET, capacity: 2, deliver: async () => 200 }), {
      prefix: '/sandbox/qr',
    });
    const key = providerKey(SECRET, 'KBANK');
    const ts = () => Math.floor(Date.now() / 1000);
    const payloads: string[] = [];
    for (const paymentId of ['P1', 'P2', 'P3']) {
      const body = JSON.stringify({
        paymentId,
        memberRef: 'M1',
        amount: '10000',
        currency: 'THB',
        notifyUrl: 'http://127.0.0.1:9/api/webhooks/qr',
      });
      const res = await app.inject({
        method: 'POST',
        url: '/sandbox/qr/KBANK/qrcodes',
        headers: { 'content-type': 'application/json', ...signHeaders('KBANK', key, body, ts()) },
        payload: body,
      });
      expect(res.json()).toMatchObject({ status: 'SUCCESS' });
      payloads.push(res.json().qrPayload as string);
    }
    const status = async (paymentId: string) => {
      const url = `/sandbox/qr/KBANK/qrcodes/${paymentId}`;
      return (await app.inject({ method: 'GET', url, headers: signHeaders('KBANK', key, url, ts()) })).json();
    };
    expect(await status('P1')).toEqual({ status: 'NOT_FOUND' });
    expect(await status('P3')).toMatchObject({ status: 'PENDING', paymentId: 'P3' });
    const pay = (payload: string) =>
      app.inject({
        method: 'POST',
        url: '/sandbox/qr/pay',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ payload }),
      });
    expect((await pay(payloads[0]!)).statusCode).toBe(404);
    const paid = await pay(payloads[2]!);
    expect(paid.json()).toMatchObject({ status: 'SUCCESS', paymentId: 'P3', delivered: true });
    expect(await status('P3')).toMatchObject({ status: 'PAID', providerTxnId: paid.json().providerTxnId });
    await app.close();
  });
});

describe('games sandbox store past its bounds', () => {
  it('keeps the newest transfers, tombstones, bets and log entries', () => {
    const store = new GameSandboxStore({ capacity: { transfers: 2, betsPerPlayer: 2, log: 2 } });
    store.createPlayer('pg', 'u1', 'pw');
    for (const id of ['T1', 'T2', 'T3']) store.transfer('pg', 'deposit', 'u1', 100n, id);
    expect(store.findTransfer('pg', 'T1')).toBeUndefined();
    expect(store.findTransfer('pg', 'T3')).toMatchObject({ transferId: 'T3', balanceAfter: 300n });
    // a repeat of a kept id still answers its first result
    expect(store.transfer('pg', 'deposit', 'u1', 999n, 'T3').balanceAfter).toBe(300n);
    for (const id of ['C1', 'C2', 'C3']) store.cancelTransfer('pg', id);
    expect(store.isCancelled('pg', 'C1')).toBe(false);
    expect(store.isCancelled('pg', 'C3')).toBe(true);
    for (const stake of [1n, 2n, 3n]) store.recordBet('pg', 'u1', stake, 0n);
    expect(store.betsOf('pg', 'u1').map((b) => b.stake)).toEqual([2n, 3n]);
    // the player and its balance are never dropped
    expect(store.player('pg', 'u1')?.balance).toBe(300n - 6n);
    for (const transferId of ['L1', 'L2', 'L3'])
      store.log.add({ game: 'pg', op: 'deposit', transferId, username: 'u1', at: '', fault: null });
    expect(store.log.list().map((e) => e.transferId)).toEqual(['L2', 'L3']);
  });
});

describe('bank payouts past their bound', () => {
  it('forgets the oldest payout (NOT_FOUND) and still answers the newest', async () => {
    const app = Fastify();
    await app.register((scope) => bankPayoutsPlugin(scope, { secret: SECRET, store: new BankPayoutStore(2) }), {
      prefix: '/sandbox/bank',
    });
    for (const payoutId of ['W1', 'W2', 'W3']) {
      const body = JSON.stringify({
        payoutId,
        amount: '5000',
        currency: 'THB',
        toBank: 'KBANK',
        toAccountNo: '0481234567',
        toAccountName: 'Test',
      });
      const res = await app.inject({
        method: 'POST',
        url: '/sandbox/bank/payouts',
        headers: { 'content-type': 'application/json', 'x-signature': signBankPayload(SECRET, body) },
        payload: body,
      });
      expect(res.json()).toMatchObject({ status: 'PAID', payoutId });
    }
    const inquire = (payoutId: string) => {
      const url = `/sandbox/bank/payouts/${payoutId}`;
      return app.inject({ method: 'GET', url, headers: { 'x-signature': signBankPayload(SECRET, url) } });
    };
    expect((await inquire('W1')).statusCode).toBe(404);
    expect((await inquire('W3')).json()).toMatchObject({ status: 'PAID', payoutId: 'W3' });
    await app.close();
  });
});

describe('bank slips past their bound', () => {
  it('forgets the oldest transfer (slip not found) and still verifies the newest', async () => {
    const app = Fastify();
    await app.register((scope) => bankSlipsPlugin(scope, { secret: SECRET, capacity: 2 }), { prefix: '/sandbox/bank' });
    const refs: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/sandbox/bank/transfers',
        payload: { fromBankCode: 'KBANK', fromAccountNo: '0481234567', toAccountNo: '1234567890', amount: 100 + i },
      });
      refs.push(res.json().transRef as string);
    }
    const verify = (ref: string) =>
      app.inject({ method: 'GET', url: `/sandbox/bank/verify/${ref}`, headers: { 'x-api-key': slipApiKey(SECRET) } });
    expect((await verify(refs[0]!)).json()).toMatchObject({ success: false, code: 1011 });
    expect((await verify(refs[2]!)).json()).toMatchObject({ success: true, data: { transRef: refs[2], amount: 102 } });
    await app.close();
  });
});

describe('True Wallet vouchers past their bound', () => {
  it('forgets the oldest voucher and still answers the newest', async () => {
    const app = Fastify();
    await app.register((scope) => trueWalletPlugin(scope, { capacity: 2 }), { prefix: '/sandbox/truewallet' });
    const hashes: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await app.inject({ method: 'POST', url: '/sandbox/truewallet/vouchers', payload: { amount: 50 } });
      hashes.push(res.json().hash as string);
    }
    const verify = async (hash: string) =>
      (
        await app.inject({
          method: 'GET',
          url: `/sandbox/truewallet/campaign/vouchers/${hash}/verify?mobile=0891234567`,
        })
      ).json().status.code;
    expect(await verify(hashes[0]!)).toBe('VOUCHER_NOT_FOUND');
    expect(await verify(hashes[2]!)).toBe('SUCCESS');
    await app.close();
  });
});

describe('LINE retry keys past their bound', () => {
  it('forgets the oldest key (accepted again) and still refuses the newest twice', async () => {
    const app = Fastify();
    await app.register(
      (scope) =>
        lineSandboxPlugin(scope, {
          channelSecret: 's',
          channelAccessToken: 't',
          webhookUrl: 'http://127.0.0.1:9/api/webhooks/line',
          deliver: async () => 200,
          capacity: 2,
        }),
      { prefix: '/sandbox/line' },
    );
    const keys = ['1', '2', '3'].map((d) => `${d.repeat(8)}-0000-4000-8000-000000000000`);
    const push = (key: string) =>
      app.inject({
        method: 'POST',
        url: '/sandbox/line/v2/bot/message/push',
        headers: { authorization: 'Bearer t', 'x-line-retry-key': key },
        payload: { to: `U${'0'.repeat(32)}`, messages: [{ type: 'text', text: 'hi' }] },
      });
    for (const key of keys) expect((await push(key)).statusCode).toBe(200);
    expect((await push(keys[2]!)).statusCode).toBe(409);
    expect((await push(keys[0]!)).statusCode).toBe(200);
    await app.close();
  });
});
