import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@wallet/contract/api';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('lookups', () => {
  it.each(Object.entries(api.lookup))('%s answers 200 with its schema', async (_name, endpoint) => {
    const res = await t.app.inject({ method: 'GET', url: endpoint.path });
    expect(res.statusCode).toBe(200);
    expect(endpoint.response.safeParse(res.json()).success).toBe(true);
  });

  it('lists the Thai banks with their Thai names, KBANK first', async () => {
    const banks = (await t.app.inject({ method: 'GET', url: '/api/lookup/banks' })).json();
    expect(banks[0]).toEqual({
      code: 'KBANK',
      nameTH: 'ธนาคารกสิกรไทย',
      nameEN: 'Kasikornbank',
      nameLA: 'ທະນາຄານກະສິກອນໄທ',
    });
    expect(banks.map((b: { code: string }) => b.code)).toEqual(
      expect.arrayContaining(['KTB', 'TMB', 'BBL', 'SCB', 'GSB']),
    );
  });

  it('carries the %percentFail% placeholder in the notice', async () => {
    const notice = (await t.app.inject({ method: 'GET', url: '/api/lookup/notice' })).json();
    expect(notice.text).toContain('%percentFail%');
  });
});

describe('site status', () => {
  it('answers 410 gone on every /api call once the site is terminated, and recovers', async () => {
    await t.ctx.settings.set('siteStatus', 'terminated');
    for (const url of ['/api/lookup/active', '/api/lookup/banks', '/api/wallet']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(410);
      expect(res.json()).toEqual({ message: 'gone' });
    }
    await t.ctx.settings.set('siteStatus', 'active');
    expect((await t.app.inject({ method: 'GET', url: '/api/lookup/active' })).json()).toEqual({ active: true });
  });
});
