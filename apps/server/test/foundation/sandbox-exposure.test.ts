import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const PRODUCTION = {
  NODE_ENV: 'production',
  DATA_DIR: '/tmp/unused-wallet-data',
  JWT_SECRET: 'j'.repeat(40),
  ENCRYPTION_KEY: 'a'.repeat(64),
  PROVIDER_SECRET: 'p'.repeat(24),
};
const KEY = 'sandbox-key-0123456789';

describe('PROVIDERS in production (ADR 0017)', () => {
  it('defaults to live providers in production and to the sandbox elsewhere', () => {
    expect(loadConfig(PRODUCTION).providers).toBe('live');
    expect(loadConfig({ ...PRODUCTION, NODE_ENV: 'development' }).providers).toBe('sandbox');
  });

  it('refuses to start with PROVIDERS=sandbox in production unless explicitly allowed', () => {
    expect(() => loadConfig({ ...PRODUCTION, PROVIDERS: 'sandbox' })).toThrow(/ALLOW_SANDBOX_IN_PRODUCTION/);
    expect(loadConfig({ ...PRODUCTION, PROVIDERS: 'sandbox', ALLOW_SANDBOX_IN_PRODUCTION: 'true' }).providers).toBe(
      'sandbox',
    );
  });

  it('serves /api/docs in production only with API_DOCS=true', async () => {
    const secrets = { JWT_SECRET: PRODUCTION.JWT_SECRET, ENCRYPTION_KEY: PRODUCTION.ENCRYPTION_KEY };
    const off = await createTestApp({
      env: { ...secrets, PROVIDER_SECRET: PRODUCTION.PROVIDER_SECRET, NODE_ENV: 'production' },
    });
    try {
      expect((await off.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(404);
      expect((await off.app.inject({ method: 'GET', url: '/sandbox/sms/outbox?phone=0811111111' })).statusCode).toBe(
        404,
      );
    } finally {
      await off.close();
    }
    const on = await createTestApp({
      env: { ...secrets, PROVIDER_SECRET: PRODUCTION.PROVIDER_SECRET, NODE_ENV: 'production', API_DOCS: 'true' },
    });
    try {
      expect((await on.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
    } finally {
      await on.close();
    }
  });
});

describe('sandbox control and log routes (ADR 0017)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SANDBOX_KEY: KEY } });
  });
  afterAll(() => t.close());

  const inject = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    remoteAddress: string,
    key?: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      remoteAddress,
      ...(payload ? { payload } : {}),
      headers: key ? { 'x-sandbox-key': key } : {},
    });

  const controls: Array<['GET' | 'POST' | 'DELETE', string, object?]> = [
    ['GET', '/sandbox/sms/outbox?phone=0811111111'],
    ['POST', '/sandbox/sms/send', { phone: '0811111111', text: 'fake OTP 123456' }],
    ['GET', '/sandbox/games/_log'],
    ['GET', '/sandbox/games/_log?game=pg'],
    ['DELETE', '/sandbox/games/_log'],
    ['GET', '/sandbox/games/_faults'],
    ['POST', '/sandbox/games/_faults', { mode: 'fail' }],
    ['DELETE', '/sandbox/games/_faults'],
  ];

  it('refuses them to a remote client without the key, and changes nothing', async () => {
    for (const [method, url, payload] of controls) {
      const res = await inject(method, url, '203.0.113.9', undefined, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual({ message: 'UNAUTHORIZED' });
      expect((await inject(method, url, '203.0.113.9', 'wrong-key-0123456789xx', payload)).statusCode).toBe(403);
    }
    expect((await inject('GET', '/sandbox/sms/outbox?phone=0811111111', '127.0.0.1')).json()).toEqual([]);
    expect((await inject('GET', '/sandbox/games/_faults', '127.0.0.1')).json()).toEqual([]);
  });

  it('opens them with the sandbox key, or from loopback', async () => {
    expect((await inject('GET', '/sandbox/games/_log', '203.0.113.9', KEY)).statusCode).toBe(200);
    expect((await inject('GET', '/sandbox/sms/outbox?phone=0811111111', '::1')).statusCode).toBe(200);
    expect((await inject('GET', '/sandbox/games/_faults', '127.0.0.1')).statusCode).toBe(200);
  });

  it('answers the outbox for one phone only', async () => {
    const res = await inject('GET', '/sandbox/sms/outbox', '127.0.0.1');
    expect(res.statusCode).toBe(400);
  });

  it('keeps the game list and the demo game open', async () => {
    expect((await inject('GET', '/sandbox/games/', '203.0.113.9')).statusCode).toBe(200);
    expect((await inject('GET', '/sandbox/games/play.css', '203.0.113.9')).statusCode).toBe(200);
  });
});
