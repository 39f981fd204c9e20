import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { signPayload } from './game-wire.ts';

/** The sandbox games plugin as the server mounts it (PROVIDERS=sandbox): same protocol, same secret. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signed = (method: 'GET' | 'POST', url: string, body?: object) => {
  const payload = body === undefined ? url : JSON.stringify(body);
  return t.app.inject({
    method,
    url,
    headers: {
      'x-agent': 'wallet',
      'x-signature': signPayload(t.config.secrets.provider, payload),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body === undefined ? {} : { payload }),
  });
};

describe('sandbox games mounted in the server', () => {
  it('serves the signed API under /sandbox/games with the provider secret', async () => {
    expect(
      (await signed('POST', '/sandbox/games/circus/players', { username: 'agt_mount', password: 'secret-1' }))
        .statusCode,
    ).toBe(201);
    const deposit = await signed('POST', '/sandbox/games/circus/transfers/deposit', {
      username: 'agt_mount',
      amount: '900',
      transferId: 'M-1',
    });
    expect(deposit.json()).toMatchObject({ status: 'SUCCESS', balanceAfter: '900' });
    expect((await signed('GET', '/sandbox/games/circus/transfers/M-1')).json()).toMatchObject({
      status: 'SUCCESS',
      amount: '900',
    });
    const unsigned = await t.app.inject({ method: 'GET', url: '/sandbox/games/circus/players/agt_mount/balance' });
    expect(unsigned.statusCode).toBe(401);
  });

  it('launches the demo game at PUBLIC_URL, under a CSP that allows its own script only', async () => {
    await signed('POST', '/sandbox/games/pg/players', { username: 'agt_play', password: 'secret-1' });
    const launch = await signed('POST', '/sandbox/games/pg/players/agt_play/launch', {
      mobile: true,
      exitUrl: `${t.config.publicUrl}/user/home`,
    });
    const url = new URL(launch.json().url);
    expect(url.origin + url.pathname).toBe(`${t.config.publicUrl}/sandbox/games/play`);
    const page = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(page.headers['content-security-policy']).not.toMatch(/unsafe-inline/);
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/games/play.js' })).statusCode).toBe(200);
  });

  it('is not mounted with PROVIDERS=live', async () => {
    const live = await createTestApp({ env: { PROVIDERS: 'live' } });
    try {
      expect((await live.app.inject({ method: 'GET', url: '/sandbox/games' })).statusCode).toBe(404);
    } finally {
      await live.close();
    }
  });
});
