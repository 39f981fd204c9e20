import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandler } from '../../src/http/error-handler.ts';
import Fastify from 'fastify';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { registration, signUp } from '../account/account-helpers.ts';

/** ADR 0016: U+0000 anywhere in a request is KEY_INVALID, never a 500 from PostgreSQL. */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.settings.set('registerOTP', false);
  token = (await signUp(t)).token;
});
afterAll(() => t.close());

const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${token}`,
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });

describe('NUL bytes', () => {
  it.each([
    ['PUT', '/api/account/profile', { bankCode: 'KB\u0000' }],
    ['PUT', '/api/account/profile', { name: 'Som\u0000chai' }],
    ['PUT', '/api/account/profile', { bankAccountNo: '123456\u00007890' }],
    ['POST', '/api/account/validate', registration({ bankCode: 'KBANK\u0000' })],
    ['POST', '/api/account/validate', registration({ sourceCode: '\u0000' })],
    ['POST', '/api/account', registration({ bankCode: 'KB\u0000' })],
    ['POST', '/api/account', registration({ name: 'a\u0000' })],
    ['POST', '/api/account', registration({ bankAccountName: 'สมชาย\u0000' })],
    ['POST', '/api/login', { username: '0812345678\u0000', password: 'x' }],
    ['POST', '/api/otp/send', { phoneNumber: '081234567\u0000' }],
    ['POST', '/api/wallet/transfer', { from: 'wallet', to: 'pg', amount: 1, ['k\u0000']: 1 }],
  ] as const)('%s %s %j → 400 KEY_INVALID', async (method, url, payload) => {
    const res = await send(method, url, payload);
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 400, body: { message: 'KEY_INVALID' } });
  });

  it.each(['/api/wallet/activate/pg%00', '/api/autoLogin/pg/user%00name', '/api/lookup/banks?x=%00'])(
    'GET %s → 400 KEY_INVALID',
    async (url) => {
      const res = await send('GET', url);
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 400, body: { message: 'KEY_INVALID' } });
    },
  );

  it('answers KEY_INVALID when PostgreSQL refuses text (SQLSTATE 22021, 22P05)', async () => {
    const app = Fastify({ logger: false });
    installErrorHandler(app);
    for (const code of ['22021', '22P05']) {
      app.get(`/${code}`, async () => {
        throw new Error('Failed query', { cause: Object.assign(new Error('invalid byte sequence'), { code }) });
      });
    }
    for (const code of ['22021', '22P05']) {
      const res = await app.inject({ method: 'GET', url: `/${code}` });
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 400, body: { message: 'KEY_INVALID' } });
    }
    await app.close();
  });
});
