import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { get, lastCode, post, signUp, uniqueIp } from '../account/account-helpers.ts';
import { SoftAuthenticator } from './passkey-authenticator.ts';

// Passkeys (docs/decisions/0040-passkeys.md) with a software P-256 authenticator: registration after a step-up,
// usernameless and phone-first sign-in, and the refusals (replay, origin, RP, reused or foreign challenge, another
// member's credential, a counter that goes back).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.settings.set('registerOTP', false);
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof signUp>>;
type Options = {
  challenge: string;
  user?: { id: string };
  allowCredentials?: Array<{ id: string }>;
  rp?: { id: string };
};

const del = async (url: string, token: string) => {
  const res = await t.app.inject({ method: 'DELETE', url, headers: { authorization: `Bearer ${token}` } });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
};
const stepUp = (m: Member, password = m.password) =>
  post(t, '/api/passkeys/step-up', { password }, { token: m.token, ip: m.ip });
const registerOptions = (m: Member) => post(t, '/api/passkeys/options', undefined, { token: m.token, ip: m.ip });
const signInOptions = (body: Record<string, unknown> = {}, ip = uniqueIp()) =>
  post(t, '/api/passkeys/sign-in/options', body, { ip });
const signIn = (body: Record<string, unknown>, ip = uniqueIp()) => post(t, '/api/passkeys/sign-in', body, { ip });

/** Step up, ask for options, let the authenticator create a passkey, send it. */
async function addPasskey(m: Member, authenticator = new SoftAuthenticator(), name = 'My phone') {
  expect((await stepUp(m)).status).toBe(200);
  const started = await registerOptions(m);
  expect(started.status).toBe(200);
  const options = started.body.options as Options;
  const res = await post(
    t,
    '/api/passkeys',
    { challengeId: started.body.challengeId, name, credential: authenticator.register(options) },
    { token: m.token, ip: m.ip },
  );
  return { res, authenticator };
}

/** A sign-in ceremony: options (usernameless unless a phone is given), then the authenticator's assertion. */
async function passkeySignIn(authenticator: SoftAuthenticator, phoneNumber?: string, over = {}) {
  const started = await signInOptions(phoneNumber ? { phoneNumber } : {});
  expect(started.status).toBe(200);
  const credential = authenticator.assert(started.body.options as Options, over);
  const body = { challengeId: started.body.challengeId, credential };
  return { res: await signIn(body), body, options: started.body.options as Options };
}

describe('adding a passkey', () => {
  it('needs a fresh step-up of this session, then lists it and signs in without the phone', async () => {
    const m = await signUp(t);
    expect((await registerOptions(m)).body).toEqual({ message: 'STEP_UP_REQUIRED' });
    expect((await stepUp(m, 'not-my-password')).body).toEqual({ message: 'WRONG_PASSWORD' });
    const { res, authenticator } = await addPasskey(m);
    expect(res).toEqual({
      status: 200,
      body: { id: expect.any(Number), name: 'My phone', createdAt: t.clock.now().toISOString(), lastUsedAt: null },
    });
    const listed = await get(t, '/api/passkeys', { token: m.token });
    expect(listed.body).toMatchObject({ items: [{ name: 'My phone', lastUsedAt: null }] });
    expect(listed.body.stepUpUntil).toEqual(new Date(t.clock.now().getTime() + 5 * 60_000).toISOString());

    const { res: signedIn, options } = await passkeySignIn(authenticator);
    expect(options.allowCredentials ?? []).toEqual([]);
    expect(signedIn.status).toBe(200);
    const token = signedIn.body.token as string;
    expect((await get(t, '/api/account/profile', { token })).body).toMatchObject({ username: m.username });
    // a normal revocable session: logout ends it
    expect((await post(t, '/api/logout', undefined, { token })).status).toBe(200);
    expect((await get(t, '/api/account/profile', { token })).status).toBe(401);

    const after = await get(t, '/api/passkeys', { token: m.token });
    expect(after.body).toMatchObject({ items: [{ lastUsedAt: t.clock.now().toISOString() }] });
    const events = await get(t, '/api/account/security-events', { token: m.token });
    expect((events.body.items as Array<{ kind: string }>).map((e) => e.kind)).toEqual(
      expect.arrayContaining(['passkey-added', 'passkey-sign-in']),
    );
  });

  it('forgets the step-up after five minutes, and a step-up of another session does not count', async () => {
    const m = await signUp(t);
    expect((await stepUp(m)).status).toBe(200);
    t.clock.advance(5 * 60_000 + 1000);
    expect((await registerOptions(m)).body).toEqual({ message: 'STEP_UP_REQUIRED' });
    const other = await post(t, '/api/login', { username: m.username, password: m.password }, { ip: m.ip });
    const second = { ...m, token: other.body.token as string };
    expect((await stepUp(second)).status).toBe(200);
    expect((await registerOptions(m)).body).toEqual({ message: 'STEP_UP_REQUIRED' });
  });

  it('spends a registration challenge once, refuses another session, an expired one and a wrong origin', async () => {
    const m = await signUp(t);
    expect((await stepUp(m)).status).toBe(200);
    const authenticator = new SoftAuthenticator();
    const started = await registerOptions(m);
    const options = started.body.options as Options;
    const body = { challengeId: started.body.challengeId, name: 'Phone', credential: authenticator.register(options) };
    // another member presenting this challenge: as unknown, and the owner's stays good
    const stranger = await signUp(t);
    expect((await stepUp(stranger)).status).toBe(200);
    expect((await post(t, '/api/passkeys', body, { token: stranger.token })).body).toEqual({
      message: 'PASSKEY_CHALLENGE_EXPIRED',
    });
    expect((await post(t, '/api/passkeys', body, { token: m.token })).status).toBe(200);
    expect((await post(t, '/api/passkeys', body, { token: m.token })).body).toEqual({
      message: 'PASSKEY_CHALLENGE_EXPIRED',
    });

    const late = await registerOptions(m);
    t.clock.advance(2 * 60_000 + 1000);
    const lateBody = {
      challengeId: late.body.challengeId,
      name: 'Late',
      credential: new SoftAuthenticator().register(late.body.options as Options),
    };
    expect((await post(t, '/api/passkeys', lateBody, { token: m.token })).body).toEqual({
      message: 'PASSKEY_CHALLENGE_EXPIRED',
    });

    expect((await stepUp(m)).status).toBe(200);
    const phishing = await registerOptions(m);
    const phished = new SoftAuthenticator().register(phishing.body.options as Options, {
      origin: 'https://wallet-login.example',
    });
    expect(
      (
        await post(
          t,
          '/api/passkeys',
          { challengeId: phishing.body.challengeId, name: 'X', credential: phished },
          {
            token: m.token,
          },
        )
      ).body,
    ).toEqual({ message: 'PASSKEY_INVALID' });
  });

  it('refuses the same authenticator for a second member', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const { authenticator } = await addPasskey(a);
    const { res } = await addPasskey(b, authenticator);
    expect(res.body).toEqual({ message: 'PASSKEY_INVALID' });
  });
});

describe('signing in with a passkey', () => {
  it('refuses a replayed assertion, a wrong origin and a wrong RP ID', async () => {
    const m = await signUp(t);
    const { authenticator } = await addPasskey(m);
    const { res, body } = await passkeySignIn(authenticator);
    expect(res.status).toBe(200);
    expect((await signIn(body)).body).toEqual({ message: 'PASSKEY_CHALLENGE_EXPIRED' });
    expect((await passkeySignIn(authenticator, undefined, { origin: 'https://evil.example' })).res.body).toEqual({
      message: 'PASSKEY_INVALID',
    });
    expect((await passkeySignIn(authenticator, undefined, { rpId: 'evil.example' })).res.body).toEqual({
      message: 'PASSKEY_INVALID',
    });
    // the failures used their challenges up: nothing is left to replay
    expect((await passkeySignIn(authenticator)).res.status).toBe(200);
  });

  it('after typing the phone, only that member’s passkeys answer; the options name them', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const { authenticator: aKey } = await addPasskey(a);
    const { authenticator: bKey } = await addPasskey(b);
    const { res, options } = await passkeySignIn(bKey, b.username);
    expect(res.status).toBe(200);
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([bKey.id]);
    expect((await passkeySignIn(aKey, b.username)).res.body).toEqual({ message: 'PASSKEY_INVALID' });
    // a phone without passkeys looks like one with a passkey
    const none = await signUp(t);
    const decoy = await signInOptions({ phoneNumber: none.username });
    expect((decoy.body.options as Options).allowCredentials).toHaveLength(1);
  });

  it('refuses a counter that went back (a cloned key) and records it for the member', async () => {
    const m = await signUp(t);
    const { authenticator } = await addPasskey(m);
    expect((await passkeySignIn(authenticator)).res.status).toBe(200);
    expect((await passkeySignIn(authenticator)).res.status).toBe(200);
    authenticator.counter = 0; // the clone's counter is behind the original's
    expect((await passkeySignIn(authenticator)).res.body).toEqual({ message: 'PASSKEY_INVALID' });
    const events = await get(t, '/api/account/security-events', { token: m.token });
    expect((events.body.items as Array<{ kind: string }>)[0]).toMatchObject({ kind: 'passkey-refused' });
  });

  it('lets one of two sign-ins racing with the same challenge through', async () => {
    const m = await signUp(t);
    const { authenticator } = await addPasskey(m);
    const started = await signInOptions();
    const body = {
      challengeId: started.body.challengeId,
      credential: authenticator.assert(started.body.options as Options),
    };
    const both = await Promise.all([signIn(body), signIn(body)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(both.find((r) => r.status === 400)?.body).toEqual({ message: 'PASSKEY_CHALLENGE_EXPIRED' });
  });

  it('refuses an unknown credential', async () => {
    expect((await passkeySignIn(new SoftAuthenticator())).res.body).toEqual({ message: 'PASSKEY_INVALID' });
  });
});

describe('removing passkeys', () => {
  it('needs a step-up, only removes the own, and the removed one no longer signs in', async () => {
    const m = await signUp(t);
    const other = await signUp(t);
    const { res, authenticator } = await addPasskey(m);
    const id = res.body.id as number;
    expect((await del(`/api/passkeys/${id}`, other.token)).body).toEqual({ message: 'STEP_UP_REQUIRED' });
    expect((await stepUp(other)).status).toBe(200);
    expect((await del(`/api/passkeys/${id}`, other.token)).body).toEqual({ message: 'NOT_FOUND' });
    t.clock.advance(5 * 60_000 + 1000);
    const fresh = {
      ...m,
      token: (await post(t, '/api/session/renew', { refreshToken: m.refreshToken })).body.token as string,
    };
    expect((await del(`/api/passkeys/${id}`, fresh.token)).body).toEqual({ message: 'STEP_UP_REQUIRED' });
    expect((await stepUp(fresh)).status).toBe(200);
    expect((await del(`/api/passkeys/${id}`, fresh.token)).body).toEqual({ message: 'SUCCESS' });
    expect((await passkeySignIn(authenticator)).res.body).toEqual({ message: 'PASSKEY_INVALID' });
    expect((await get(t, '/api/passkeys', { token: fresh.token })).body).toMatchObject({ items: [] });
  });

  it('a password reset removes every passkey and says so in the security activity', async () => {
    const m = await signUp(t);
    const { authenticator } = await addPasskey(m);
    const sent = await post(t, '/api/password/forgot', { phoneNumber: m.username }, { ip: uniqueIp() });
    const verified = await post(t, '/api/password/forgot/verify', {
      otpToken: sent.body.otpToken,
      otpCode: await lastCode(t, m.username),
    });
    const reset = await post(t, '/api/password/reset', {
      phoneNumber: m.username,
      otpTicket: verified.body.otpTicket,
      newPassword: 'after-takeover',
    });
    expect(reset.status).toBe(200);
    const token = reset.body.token as string;
    expect((await get(t, '/api/passkeys', { token })).body).toMatchObject({ items: [] });
    expect((await passkeySignIn(authenticator)).res.body).toEqual({ message: 'PASSKEY_INVALID' });
    const events = await get(t, '/api/account/security-events', { token });
    expect((events.body.items as Array<{ kind: string }>).map((e) => e.kind)).toEqual(
      expect.arrayContaining(['passkeys-removed', 'password-reset']),
    );
  });
});
