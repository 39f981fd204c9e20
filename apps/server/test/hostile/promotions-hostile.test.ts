import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerSound } from '../helpers/ledger.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createMember, walletBalance } from '../idempotency/wallet-test-module.ts';
import { adminToken } from '../operators/operator-helpers.ts';

/** Hand-picked hostile inputs for bonuses, promotion codes and their back office: a 4xx code, never a 500. */
let t: TestApp;
let admin: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = { authorization: `Bearer ${await adminToken(t)}` };
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

const CODES = [
  '%2E%2E%2F%2E%2E%2Fetc',
  "'%20or%201%3D1--",
  'x'.repeat(65),
  '%00',
  '%E0%B8%97%E0%B8%94',
  'WELC%0AOME100',
  '__proto__',
  'constructor',
];

describe('promotions, hostile input', () => {
  it('codes that are no promotion: a 4xx code, nothing credited, no condition', async () => {
    const m = await createMember(t);
    for (const code of CODES) {
      for (const path of ['/api/bonus/activate/', '/api/promotion/find/', '/api/promotion/activate/']) {
        const res = await t.app.inject({ url: `${path}${code}`, headers: { ...m.auth, 'idempotency-key': code } });
        expect(res.statusCode, `${path}${code}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${path}${code}`).toBeLessThan(500);
        expect(['KEY_INVALID', 'NO_PROMOTION']).toContain(res.json().message);
      }
    }
    expect((await t.app.inject({ url: '/api/bonus/clear', headers: m.auth })).json()).toEqual({
      message: 'BONUS_CLEAR',
    });
    expect((await t.app.inject({ url: '/api/bonus/check/active', headers: m.auth })).json()).toEqual({
      status: false,
      type: null,
    });
    expect((await t.app.inject({ url: '/api/bonus/activate/FIRST50' })).statusCode).toBe(401);
    expect(await walletBalance(t, m.id)).toBe(0n);
  });

  it('back-office bodies out of range, bad ids and bad image paths: 400, nothing saved', async () => {
    const text = { th: 'ก', la: 'ກ', en: 'a' };
    const good = {
      kind: 'bonus',
      code: 'HOSTILE1',
      name: text,
      description: text,
      type: 'limit',
      maxReceived: 1,
      percent: 10,
      minDeposit: 0,
      maxAmount: 10,
      successRule: 'turnover',
      turnoverMultiple: 1,
      successPercent: 0,
      percentFail: 0,
      maxWithdrawMultiple: null,
      maxBet: null,
      isActive: true,
      startsAt: null,
      endsAt: null,
      banners: [],
    };
    const bad: unknown[] = [
      {},
      { ...good, code: 'lower' },
      { ...good, code: '../X' },
      { ...good, percent: -1 },
      { ...good, percent: Number.NaN },
      { ...good, maxAmount: 0 },
      { ...good, maxAmount: 1e308 },
      { ...good, minDeposit: 0.001 },
      { ...good, maxReceived: 0 },
      { ...good, type: 'month' },
      { ...good, successRule: 'turnover', turnoverMultiple: 0 },
      { ...good, successRule: 'credit', successPercent: 10, percentFail: 50 },
      { ...good, startsAt: '2026-12-01T00:00:00Z', endsAt: '2026-11-01T00:00:00Z' },
      { ...good, banners: [{ image: 'javascript:alert(1)', html: '' }] },
      { ...good, banners: [{ image: 'https://evil.example/x.png', html: '' }] },
      { ...good, banners: [{ image: '/x.png', html: 'x'.repeat(4001) }] },
      { ...good, name: { th: '', la: 'ກ', en: 'a' } },
    ];
    for (const body of bad) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/promotions',
        headers: admin,
        payload: body as object,
      });
      expect(res.statusCode, JSON.stringify(body).slice(0, 200)).toBe(400);
    }
    const list = await t.app.inject({ url: '/api/admin/promotions', headers: admin });
    expect(list.json().promotions.some((p: { code: string }) => p.code === 'HOSTILE1')).toBe(false);
    for (const url of [
      '/api/admin/promotions/members/0/conditions',
      '/api/admin/promotions/members/abc/conditions',
      '/api/admin/promotions/members/99999999999/conditions',
      '/api/admin/promotions/conditions?pageSize=100000',
      '/api/admin/promotions/conditions?status=DROP',
      '/api/admin/promotions/report?from=yesterday',
    ]) {
      expect((await t.app.inject({ url, headers: admin })).statusCode, url).toBe(400);
    }
    const cancel = (id: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/admin/promotions/conditions/${id}/cancel`, headers: admin, payload });
    expect((await cancel('-1', { reason: 'x' })).statusCode).toBe(400);
    expect((await cancel('123456', { reason: '' })).statusCode).toBe(400);
    expect((await cancel('123456', { reason: 'x' })).json()).toEqual({ message: 'NOT_FOUND' });
    const noFile = await t.app.inject({
      method: 'POST',
      url: '/api/admin/promotions/banners',
      headers: { ...admin, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    });
    expect(noFile.statusCode).toBeGreaterThanOrEqual(400);
    expect(noFile.statusCode).toBeLessThan(500);
  });
});
