import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { get, post, signUp, uniqueIp } from '../account/account-helpers.ts';
import { SoftAuthenticator } from '../auth/passkey-authenticator.ts';

/**
 * Passkeys as an attacker tries them (docs/decisions/0040-passkeys.md): malformed credentials, forged signatures,
 * a member reaching another's passkeys, the step-up guessed, a signed-out client on member routes, and the limits.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.settings.set('registerOTP', false);
});
afterAll(() => t.close());

type Options = { challenge: string; user?: { id: string } };

async function withPasskey() {
  const m = await signUp(t);
  expect((await post(t, '/api/passkeys/step-up', { password: m.password }, { token: m.token })).status).toBe(200);
  const started = await post(t, '/api/passkeys/options', undefined, { token: m.token });
  const authenticator = new SoftAuthenticator();
  const credential = authenticator.register(started.body.options as Options);
  const added = await post(
    t,
    '/api/passkeys',
    { challengeId: started.body.challengeId, name: 'Phone', credential },
    { token: m.token },
  );
  expect(added.status).toBe(200);
  return { m, authenticator, id: added.body.id as number };
}

describe('passkeys, hostile', () => {
  it('refuses malformed ceremonies with a catalogue code and never a 500', async () => {
    const m = await signUp(t);
    const started = await post(t, '/api/passkeys/sign-in/options', {}, { ip: uniqueIp() });
    const challengeId = started.body.challengeId as string;
    const good = new SoftAuthenticator().assert(started.body.options as Options);
    const bodies: Array<[string, unknown, string?]> = [
      ['/api/passkeys/sign-in', { challengeId, credential: { ...good, id: '../../etc/passwd' } }],
      ['/api/passkeys/sign-in', { challengeId, credential: { ...good, type: 'password' } }],
      [
        '/api/passkeys/sign-in',
        { challengeId, credential: { ...good, response: { ...good.response, signature: 'A'.repeat(5000) } } },
      ],
      ['/api/passkeys/sign-in', { challengeId: 'x'.repeat(65), credential: good }],
      ['/api/passkeys/sign-in', { challengeId: { $ne: '' }, credential: good }],
      [
        '/api/passkeys/sign-in',
        { challengeId, credential: { ...good, response: { ...good.response, clientDataJSON: 'bm90LWpzb24' } } },
      ],
      [
        '/api/passkeys/sign-in',
        { challengeId, credential: { ...good, response: { ...good.response, authenticatorData: 'AAAA' } } },
      ],
      ['/api/passkeys/sign-in/options', { phoneNumber: '081\u0000234567' }],
      ['/api/passkeys/sign-in/options', { phoneNumber: ['0812345678'] }],
      ['/api/passkeys/step-up', { password: 'x'.repeat(200) }, m.token],
      ['/api/passkeys', { challengeId: 'abc', name: '', credential: {} }, m.token],
      ['/api/passkeys', { challengeId: 'abc', name: 'x'.repeat(41), credential: {} }, m.token],
    ];
    for (const [url, body, token] of bodies) {
      const res = await post(t, url, body, { ip: uniqueIp(), ...(token ? { token } : {}) });
      expect(res.status, `${url} ${JSON.stringify(body).slice(0, 80)}`).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(typeof res.body.message).toBe('string');
    }
  });

  it('refuses an assertion signed by another key for a member’s credential id', async () => {
    const { m, authenticator } = await withPasskey();
    const started = await post(t, '/api/passkeys/sign-in/options', { phoneNumber: m.username }, { ip: uniqueIp() });
    const forged = new SoftAuthenticator().assert(started.body.options as Options);
    const res = await post(
      t,
      '/api/passkeys/sign-in',
      {
        challengeId: started.body.challengeId,
        credential: { ...forged, id: authenticator.id, rawId: authenticator.id },
      },
      { ip: uniqueIp() },
    );
    expect(res).toEqual({ status: 401, body: { message: 'PASSKEY_INVALID' } });
  });

  it('keeps member routes closed to a signed-out client and to another member', async () => {
    const { m, id } = await withPasskey();
    for (const [method, url] of [
      ['GET', '/api/passkeys'],
      ['POST', '/api/passkeys/options'],
      ['POST', '/api/passkeys/step-up'],
      ['DELETE', `/api/passkeys/${id}`],
    ] as const) {
      const res = await t.app.inject({ method, url, ...(method === 'POST' ? { payload: { password: 'x' } } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    const other = await signUp(t);
    expect((await get(t, '/api/passkeys', { token: other.token })).body).toMatchObject({ items: [] });
    await post(t, '/api/passkeys/step-up', { password: other.password }, { token: other.token });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/passkeys/${id}`,
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(res.json()).toEqual({ message: 'NOT_FOUND' });
    expect((await get(t, '/api/passkeys', { token: m.token })).body).toMatchObject({ items: [{ id }] });
  });

  it('counts wrong step-up passwords before checking them: the 6th, even right, is refused', async () => {
    const m = await signUp(t);
    for (let i = 0; i < 5; i += 1) {
      const res = await post(t, '/api/passkeys/step-up', { password: `guess-${i}` }, { token: m.token });
      expect(res.body).toEqual({ message: 'WRONG_PASSWORD' });
    }
    expect((await post(t, '/api/passkeys/step-up', { password: m.password }, { token: m.token })).body).toEqual({
      message: 'REQUEST_LIMIT',
    });
  });

  it('limits failed passkey sign-ins per address', async () => {
    const ip = uniqueIp();
    let last = 0;
    for (let i = 0; i < 21; i += 1) {
      const started = await post(t, '/api/passkeys/sign-in/options', {}, { ip: uniqueIp() });
      const credential = new SoftAuthenticator().assert(started.body.options as Options);
      last = (await post(t, '/api/passkeys/sign-in', { challengeId: started.body.challengeId, credential }, { ip }))
        .status;
    }
    expect(last).toBe(429);
  });
});
