import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, operators } from '../backoffice/backoffice-helpers.ts';
import { createDepositsHarness } from '../deposits/deposits-harness.ts';

/** Hostile input on the manual notice, the deposits console and the slip images: a clear 4xx, never a 500. */
let h: Awaited<ReturnType<typeof createDepositsHarness>>;
let fin: string;
beforeAll(async () => {
  h = await createDepositsHarness();
  h.t.clock.set(new Date('2026-11-23T05:00:00Z'));
  fin = (await operators(h.t, { fin: ['finance'] })).fin!;
  const lookup = await h.t.ctx.settings.get('deposit');
  await h.t.ctx.settings.set('deposit', { ...lookup, isManual: true });
});
afterAll(async () => {
  await h.close();
});

const is4xx = (status: number, what: string) => {
  expect(status, what).toBeGreaterThanOrEqual(400);
  expect(status, what).toBeLessThan(500);
};

describe('deposits under hostile input', () => {
  it('POST /api/wallet/add refuses malformed amounts and records nothing', async () => {
    const m = await h.member();
    for (const body of [
      {},
      { amount: -100 },
      { amount: 0 },
      { amount: '100' },
      { amount: 100.001 },
      { amount: 1e308 },
      { amount: null },
      { amount: [100] },
      { amount: { $gt: 0 } },
      'amount=100',
    ]) {
      const res = await h.send('POST', '/api/wallet/add', body, m.token);
      is4xx(res.status, JSON.stringify(body));
      expect(typeof res.body.message).toBe('string');
    }
    expect(await h.deposits(m.id)).toEqual([]);
  });

  it('the console refuses bad filters, ids and reasons', async () => {
    const urls = [
      '/api/admin/deposits?pageSize=100000',
      '/api/admin/deposits?status=DROP%20TABLE',
      '/api/admin/deposits?channel=cash',
      "/api/admin/deposits?member=1'%20or%201=1--",
      '/api/admin/deposits?from=yesterday',
      '/api/admin/deposits?page=-1',
      '/api/admin/deposits/slip/..%2F..%2Fetc%2Fpasswd',
      '/api/admin/deposits/bank/AAAAAAAAAA',
      '/api/admin/deposits/slips/..%2Fsecret/image',
      '/api/admin/deposits/slips/AAAAAAAAAAAAAAAA/image',
    ];
    for (const url of urls) is4xx((await adminCall(h.t, fin, 'GET', url)).status, url);
    const m = await h.member();
    await h.send('POST', '/api/wallet/add', { amount: 100 }, m.token);
    const [notice] = await h.deposits(m.id);
    for (const body of [{}, { note: '' }, { note: '   ' }, { note: 'x'.repeat(501) }, { note: 42 }, { note: ['a'] }]) {
      const res = await adminCall(h.t, fin, 'POST', `/api/admin/deposits/${notice!.id}/confirm`, body);
      is4xx(res.status, JSON.stringify(body));
    }
    is4xx((await adminCall(h.t, fin, 'POST', '/api/admin/deposits/abc/confirm', { note: 'x' })).status, 'short id');
    expect((await h.deposits(m.id))[0]!.status).toBe('review');
    expect(await h.walletMinor(m.id)).toBe(0n);
  });

  it('slip image links: garbage references, expiries and signatures are refused', async () => {
    const m = await h.member();
    for (const ref of ['..%2F..%2Fetc', 'A'.repeat(129), '%00', 'SAAAAAAAAAAAAAAA'])
      is4xx((await h.send('GET', `/api/statement/slip/reference/${ref}`, undefined, m.token)).status, ref);
    for (const url of [
      '/api/slip-images/SAAAAAAAAAAAAAAA',
      '/api/slip-images/SAAAAAAAAAAAAAAA?exp=abc&sig=x',
      '/api/slip-images/SAAAAAAAAAAAAAAA?exp=99999999999&sig=',
      '/api/slip-images/..%2F..%2Fetc?exp=1&sig=x',
      '/api/slip-images/SAAAAAAAAAAAAAAA?exp[]=1&sig[$ne]=1',
    ])
      is4xx((await h.t.app.inject({ method: 'GET', url })).statusCode, url);
  });
});
