import { api } from '@wallet/contract/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { login, signUp } from './account-helpers.ts';

let t: TestApp;
let member: { username: string; password: string };
beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.settings.set('registerOTP', false);
  member = await signUp(t);
});
afterAll(() => t.close());

const long = 'x'.repeat(5000);
/** Bodies of every wrong shape: types, nulls, extremes, unicode, prototype keys. */
const PAYLOADS: unknown[] = [
  null,
  [],
  0,
  'text',
  true,
  {},
  [{}],
  { username: null, password: null },
  { username: 123, password: {} },
  { username: long, password: long },
  { name: [], username: '0812345678', password: 'x' },
  { phoneNumber: null },
  { phoneNumber: 812345678 },
  { phoneNumber: long },
  { phoneNumber: '\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000' },
  { otpToken: null, otpCode: 123456 },
  { otpToken: long, otpCode: long },
  { otpToken: '𝕏'.repeat(30), otpCode: '١٢٣٤٥٦' },
  { bankCode: {}, bankAccountName: [], bankAccountNo: 1 },
  { oldPassword: '', newPassword: '' },
  {
    name: '😀',
    username: '0891234567',
    password: 'secret-pass',
    bankCode: 'KBANK',
    bankAccountName: '😀',
    bankAccountNo: '١٢٣٤٥٦٧٨٩٠',
  },
  { currency: 'EUR', name: 'a', username: '0891234567', password: 'secret-pass' },
  JSON.parse('{"__proto__": {"admin": true}, "constructor": {"prototype": {}}}'),
];
const RAW = ['{', '{"username": "0812345678",', 'not json', '\u0000', '{"a":1}{"b":2}'];

const endpoints = Object.values(api.account).filter((e) => e.method !== 'GET');

describe('account endpoints never answer 5xx to malformed input', () => {
  it.each(endpoints.map((e) => [`${e.method} ${e.path}`, e] as const))('%s', async (_label, endpoint) => {
    // a session of its own: logout ends the one it is called with
    const token = (await login(t, member.username, member.password)).body.token as string;
    for (const payload of PAYLOADS) {
      const res = await t.app.inject({
        method: endpoint.method,
        url: endpoint.path,
        payload: JSON.stringify(payload),
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      });
      expect(res.statusCode, `${JSON.stringify(payload)} → ${res.body}`).toBeLessThan(500);
      expect(res.json()).toEqual(expect.objectContaining({}));
    }
    for (const raw of RAW) {
      const res = await t.app.inject({
        method: endpoint.method,
        url: endpoint.path,
        payload: raw,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      });
      expect(res.statusCode, raw).toBeLessThan(500);
      expect(res.statusCode, raw).not.toBe(200);
    }
    const noBody = await t.app.inject({
      method: endpoint.method,
      url: endpoint.path,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(noBody.statusCode).toBeLessThan(500);
  });
});
