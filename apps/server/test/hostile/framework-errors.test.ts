import { isErrorCode } from '@wallet/contract/errors';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { expectSecurityHeaders } from './hostile-kit.ts';

/** ADR 0016: errors Fastify raises before our handlers answer like ours: `{message: CODE}`, our headers. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SECRET = 'game-password-0123456789';
const json = { 'content-type': 'application/json' };

describe('framework errors', () => {
  it.each([
    ['a bad %-escape', 'GET', '/api/wallet/activate/%ZZ', undefined, {}, 400],
    ['a parameter over the limit', 'GET', `/api/autoLogin/pg/user/${SECRET.repeat(20)}`, undefined, {}, 414],
    ['bad JSON', 'POST', '/api/login', '{"username":', json, 400],
    ['an empty JSON body', 'POST', '/api/login', '', json, 400],
    ['an unsupported media type', 'POST', '/api/login', 'username=a', { 'content-type': 'text/xml' }, 400],
    ['a body over 1 MB', 'POST', '/api/login', `"${'x'.repeat(1024 * 1024)}"`, json, 413],
    ['an unknown route', 'GET', '/api/no/such/route', undefined, {}, 404],
    ['an unknown method', 'DELETE', '/api/login', undefined, {}, 404],
  ] as const)('%s → {message: CODE} with our headers', async (_name, method, url, payload, headers, status) => {
    const res = await t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
    expect(res.statusCode).toBe(status);
    const body = res.json() as { message: string };
    expect(Object.keys(body)).toEqual(['message']);
    expect(isErrorCode(body.message)).toBe(true);
    expect(res.body).not.toContain(SECRET);
    expect(res.body).not.toContain('FST_');
    expectSecurityHeaders(res.headers);
  });

  it('answers a request line over 16 KB, which never reaches Fastify, the same way', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1');
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString()));
      socket.on('close', () => resolve(data));
      socket.on('error', reject);
      socket.write(`GET /api/autoLogin/pg/u/${SECRET.repeat(1000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    });
    const [head = '', body] = raw.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 4\d\d /);
    expect(JSON.parse(body ?? '')).toEqual({ message: 'KEY_INVALID' });
    expect(head.toLowerCase()).toContain("content-security-policy: default-src 'self'");
    expect(raw).not.toContain(SECRET);
  });
});
