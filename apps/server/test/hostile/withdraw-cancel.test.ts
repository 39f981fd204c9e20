import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWithdrawalsHarness, type WithdrawalsHarness } from '../withdrawals/withdrawals-harness.ts';

/**
 * Hostile calls on a member's withdrawal cancel (POST /api/wallet/withdraw/:id/cancel): a clear 4xx code, never a
 * 500, another member's or an operator's withdrawal is out of reach, and nothing moves.
 */
let h: WithdrawalsHarness;
beforeAll(async () => {
  h = await createWithdrawalsHarness();
});
afterAll(async () => {
  expect(await h.invariants()).toEqual([]);
  await h.close();
});

const cancelPath = (id: string) => `/api/wallet/withdraw/${id}/cancel`;

describe('withdrawal cancel under hostile input', () => {
  it('refuses strangers, other members, operators and malformed ids with a code; nothing moves', async () => {
    const owner = await h.member(500n * 100n);
    const other = await h.member(500n * 100n);
    await h.call(owner.token, 'POST', '/api/wallet/withdraw', { amount: 100 });
    const [w] = await h.withdrawalsOf(owner.id);

    expect((await h.t.app.inject({ method: 'POST', url: cancelPath(w!.id) })).statusCode).toBe(401);
    expect((await h.call('not-a-token', 'POST', cancelPath(w!.id))).status).toBe(401);
    // an operator's token is not a member's: the member endpoint refuses it
    expect((await h.admin('POST', cancelPath(w!.id))).status).toBe(401);
    expect(await h.call(other.token, 'POST', cancelPath(w!.id))).toEqual({
      status: 404,
      body: { message: 'NOT_FOUND' },
    });

    const ids = [
      'x'.repeat(65),
      '..%2F..%2Fetc',
      "' or 1=1 --",
      '%00',
      encodeURIComponent(w!.id.toLowerCase()),
      encodeURIComponent(`${w!.id} `),
    ];
    for (const id of ids) {
      const res = await h.call(owner.token, 'POST', cancelPath(id));
      expect(res.status, id).toBeGreaterThanOrEqual(400);
      expect(res.status, id).toBeLessThan(500);
      expect(typeof res.body.message).toBe('string');
    }
    // a body or a query string is ignored, never a way to name another member
    const smuggled = await h.call(other.token, 'POST', `${cancelPath(w!.id)}?memberId=${owner.id}`, {
      memberId: owner.id,
    });
    expect(smuggled.status).toBe(404);

    const [still] = await h.withdrawalsOf(owner.id);
    expect(still!.status).toBe('pending_review');
    expect(await h.walletMinor(owner.id)).toBe(400n * 100n);
    expect(await h.walletMinor(other.id)).toBe(500n * 100n);
  });

  it('a replayed key with another withdrawal is refused, not applied to the second one', async () => {
    const m = await h.member(500n * 100n);
    await h.call(m.token, 'POST', '/api/wallet/withdraw', { amount: 100 });
    await h.call(m.token, 'POST', '/api/wallet/withdraw', { amount: 200 });
    const [a, b] = (await h.withdrawalsOf(m.id)).sort((x, y) => Number(x.amount - y.amount));
    const key = { 'idempotency-key': 'one-key' };
    expect((await h.call(m.token, 'POST', cancelPath(a!.id), undefined, key)).status).toBe(200);
    const reused = await h.call(m.token, 'POST', cancelPath(b!.id), undefined, key);
    expect(reused.status).toBeGreaterThanOrEqual(400);
    expect(reused.status).toBeLessThan(500);
    expect((await h.withdrawalsOf(m.id)).find((r) => r.id === b!.id)!.status).toBe('pending_review');
    expect(await h.walletMinor(m.id)).toBe(300n * 100n);
  });

  it('an amount with a third decimal is refused by name (AMOUNT_DECIMALS, the text the forms show); nothing moves', async () => {
    const m = await h.member(500n * 100n);
    const calls: Array<[string, unknown]> = [
      ['/api/wallet/withdraw', { amount: 100.255 }],
      ['/api/wallet/withdrawAll', { amount: 100.001 }],
      ['/api/wallet/transfer', { from: 'WALLET', to: 'pg', amount: 10.125 }],
      ['/api/qrcode/KBANK', { amount: 100.999 }],
    ];
    for (const [path, body] of calls) {
      expect(await h.call(m.token, 'POST', path, body), path).toEqual({
        status: 400,
        body: { message: 'AMOUNT_DECIMALS' },
      });
    }
    // anything else wrong besides stays the general refusal
    expect((await h.call(m.token, 'POST', '/api/wallet/withdraw', { amount: '100.255' })).body.message).toBe(
      'KEY_INVALID',
    );
    expect(await h.withdrawalsOf(m.id)).toEqual([]);
    expect(await h.walletMinor(m.id)).toBe(500n * 100n);
  });
});
