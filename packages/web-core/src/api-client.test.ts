import { api } from '@wallet/contract/client-api.gen';
import { HTTP_TIMEOUT_MS, IDEMPOTENCY_HEADER, UPLOAD_TIMEOUT_MS, WALLET_USER_HEADER } from '@wallet/contract/limits';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  createApiClient,
  NETWORK_ERROR,
  queryString,
  TIMEOUT_ERROR,
  type SessionEvent,
} from './api-client.ts';
import { createTokenStore } from './storage.ts';

const tokens = createTokenStore('token');
const storage = { setToken: tokens.set, getToken: tokens.get };
const { call, onSessionEvent } = createApiClient({ tokenStore: tokens });

type Captured = { url: string; init: RequestInit };

/** Mocks fetch with one answer and records each request. */
function answer(status: number, body: unknown): Captured[] {
  const captured: Captured[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    captured.push({ url: String(input), init: init ?? {} });
    return Response.json(body, { status });
  });
  return captured;
}
const headersOf = (c: Captured | undefined) => (c?.init.headers ?? {}) as Record<string, string>;

describe('call()', () => {
  const events: SessionEvent[] = [];
  let unsubscribe: () => void = () => undefined;
  beforeEach(() => {
    events.length = 0;
    unsubscribe = onSessionEvent((event) => events.push(event));
  });
  afterEach(() => {
    unsubscribe();
    vi.restoreAllMocks();
    localStorage.clear();
    sessionStorage.clear();
  });

  it('sends the bearer token and the wallet-user header, and unwraps the body', async () => {
    storage.setToken('tok-123', true);
    const captured = answer(200, { active: true });
    await expect(call(api.lookup.active)).resolves.toEqual({ active: true });
    expect(captured[0]?.url).toBe('/api/lookup/active');
    expect(headersOf(captured[0])).toMatchObject({ Authorization: 'Bearer tok-123', [WALLET_USER_HEADER]: '1' });
  });

  it('asks for content in the interface language (Accept-Language), and sends none without one', async () => {
    let language: string | undefined = 'la';
    const localized = createApiClient({ tokenStore: tokens, language: () => language });
    const captured = answer(200, { active: true });
    await localized.call(api.lookup.active);
    expect(headersOf(captured[0])).toHaveProperty('Accept-Language', 'la');
    language = undefined;
    await localized.call(api.lookup.active);
    expect(headersOf(captured[1])).not.toHaveProperty('Accept-Language');
    await call(api.lookup.active);
    expect(headersOf(captured[2])).not.toHaveProperty('Accept-Language');
  });

  it('sends no Authorization header without a token', async () => {
    const captured = answer(200, { active: true });
    await call(api.lookup.active);
    expect(headersOf(captured[0])).not.toHaveProperty('Authorization');
    expect(headersOf(captured[0])).toHaveProperty(WALLET_USER_HEADER, '1');
  });

  it('adds an Idempotency-Key only on money-moving endpoints, reusing the one given', async () => {
    storage.setToken('tok', false);
    const captured = answer(200, { message: 'SUCCESS', status: 'SUCCESS', transferId: 't1' });
    const body = { from: 'WALLET', to: 'pg', amount: 10 } as never;
    await call(api.wallet.transfer, { body, idempotencyKey: 'key-1' });
    await call(api.wallet.transfer, { body });
    await call(api.lookup.active);
    expect(headersOf(captured[0])[IDEMPOTENCY_HEADER]).toBe('key-1');
    expect(headersOf(captured[1])[IDEMPOTENCY_HEADER]).toMatch(/^[0-9a-f-]{36}$/);
    expect(headersOf(captured[2])).not.toHaveProperty(IDEMPOTENCY_HEADER);
    expect(captured[0]?.init.body).toBe(JSON.stringify(body));
    expect(headersOf(captured[0])['Content-Type']).toBe('application/json');
  });

  it('rejects with the server message code', async () => {
    answer(401, { message: 'WRONG_CREDENTIAL' });
    const error = await call(api.lookup.active).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'WRONG_CREDENTIAL', status: 401 });
    expect(events).toEqual([]);
  });

  it('turns a gone answer into the terminated event', async () => {
    answer(410, { message: 'gone' });
    await expect(call(api.lookup.info)).rejects.toMatchObject({ code: 'gone' });
    expect(events).toEqual(['terminated']);
  });

  it('clears the token and signals signed-out on invalid-token', async () => {
    storage.setToken('stale', true);
    answer(401, { message: 'invalid-token' });
    await expect(call(api.wallet.wallet)).rejects.toMatchObject({ code: 'invalid-token' });
    expect(storage.getToken()).toBeNull();
    expect(events).toEqual(['signed-out']);
  });

  it('treats the identity-failure text like invalid-token', async () => {
    storage.setToken('stale', false);
    answer(403, { message: 'Failed to authenticate token.' });
    await expect(call(api.wallet.wallet)).rejects.toMatchObject({ code: 'invalid-token' });
    expect(storage.getToken()).toBeNull();
    expect(events).toEqual(['signed-out']);
  });

  it('maps an expired 60 s timeout to TIMEOUT_ERROR (300 s for uploads)', async () => {
    const requested: number[] = [];
    vi.spyOn(AbortSignal, 'timeout').mockImplementation((ms: number) => {
      requested.push(ms);
      const controller = new AbortController();
      controller.abort(new DOMException('The operation timed out.', 'TimeoutError'));
      return controller.signal;
    });
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
      throw init?.signal?.reason ?? new Error('no signal');
    });
    await expect(call(api.lookup.active)).rejects.toMatchObject({ code: TIMEOUT_ERROR, status: 0 });
    await expect(call(api.chat.uploadImage, { formData: new FormData() })).rejects.toMatchObject({
      code: TIMEOUT_ERROR,
    });
    expect(requested).toEqual([HTTP_TIMEOUT_MS, UPLOAD_TIMEOUT_MS]);
  });

  it('maps a failed connection to NETWORK_ERROR', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(call(api.lookup.active)).rejects.toMatchObject({ code: NETWORK_ERROR });
  });
});

describe('createApiClient', () => {
  afterEach(() => vi.restoreAllMocks());

  it('prefixes the base path and reads the injected token store', async () => {
    const client = createApiClient({ tokenStore: { get: () => 'op-1', clear: () => undefined }, basePath: '/x/' });
    const captured = answer(200, { active: true });
    await client.call(api.lookup.active);
    expect(captured[0]?.url).toBe('/x/api/lookup/active');
    expect(headersOf(captured[0])).toMatchObject({ Authorization: 'Bearer op-1' });
  });
});

/** A JWT-shaped token whose payload says it expires at `expMs` (the client only reads `exp`). */
const jwt = (name: string, expMs: number) =>
  `h.${btoa(JSON.stringify({ exp: Math.floor(expMs / 1000), name })).replace(/=+$/, '')}.s`;

describe('silent renewal (short access tokens)', () => {
  const renewing = createTokenStore('token', 'refreshToken');
  const storage = { setToken: renewing.set, getToken: renewing.get, getRefreshToken: renewing.getRefreshToken };
  const { call, onSessionEvent } = createApiClient({ tokenStore: renewing, renewPath: api.account.renew.path });

  const events: SessionEvent[] = [];
  let unsubscribe: () => void = () => undefined;
  beforeEach(() => {
    events.length = 0;
    unsubscribe = onSessionEvent((event) => events.push(event));
  });
  afterEach(() => {
    unsubscribe();
    vi.restoreAllMocks();
    localStorage.clear();
    sessionStorage.clear();
  });

  /** Routes: the renew endpoint answers `renew`; everything else answers 200 or invalid-token for `stale`. */
  function server(renew: { status: number; body: unknown }, rejected = new Set<string>()) {
    const captured: Captured[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      captured.push({ url: String(input), init: init ?? {} });
      if (String(input) === '/api/session/renew') return Response.json(renew.body, { status: renew.status });
      const auth = headersOf({ url: '', init: init ?? {} }).Authorization ?? '';
      if (rejected.has(auth.replace('Bearer ', '')))
        return Response.json({ message: 'invalid-token' }, { status: 401 });
      return Response.json({ ok: true });
    });
    return captured;
  }

  it('renews a token about to expire before the call, once for parallel calls, keeping remember-me', async () => {
    const old = jwt('old', Date.now() + 30_000);
    const fresh = jwt('fresh', Date.now() + 15 * 60_000);
    storage.setToken(old, true, 'sid.secret');
    const captured = server({ status: 200, body: { token: fresh, refreshToken: 'sid.secret' } });
    await Promise.all([call(api.wallet.wallet), call(api.account.profile), call(api.wallet.wallet)]);
    const renewals = captured.filter((c) => c.url === '/api/session/renew');
    expect(renewals).toHaveLength(1);
    expect(JSON.parse(renewals[0]!.init.body as string)).toEqual({ refreshToken: 'sid.secret' });
    const calls = captured.filter((c) => c.url !== '/api/session/renew');
    expect(calls.map((c) => headersOf(c).Authorization)).toEqual(Array(3).fill(`Bearer ${fresh}`));
    expect(localStorage.getItem('token')).toBe(fresh);
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('does not renew a token with time left', async () => {
    storage.setToken(jwt('ok', Date.now() + 10 * 60_000), false, 'sid.secret');
    const captured = server({ status: 500, body: {} });
    await call(api.wallet.wallet);
    expect(captured.map((c) => c.url)).toEqual(['/api/wallet']);
  });

  it('renews and sends again once when the server refuses the token, with the same idempotency key', async () => {
    const stale = jwt('stale', Date.now() + 10 * 60_000);
    const fresh = jwt('fresh', Date.now() + 15 * 60_000);
    storage.setToken(stale, false, 'sid.secret');
    const captured = server({ status: 200, body: { token: fresh } }, new Set([stale]));
    await expect(
      call(api.wallet.transfer, { body: { from: 'WALLET', to: 'pg', amount: 10 }, idempotencyKey: 'k-1' }),
    ).resolves.toEqual({ ok: true });
    const sent = captured.filter((c) => c.url === '/api/wallet/transfer');
    expect(sent.map((c) => headersOf(c)[IDEMPOTENCY_HEADER])).toEqual(['k-1', 'k-1']);
    expect(headersOf(sent[1]).Authorization).toBe(`Bearer ${fresh}`);
    expect(sessionStorage.getItem('token')).toBe(fresh);
    expect(events).toEqual([]);
  });

  it('signs out when the session cannot be renewed (revoked or expired)', async () => {
    const stale = jwt('stale', Date.now() - 1000);
    storage.setToken(stale, true, 'sid.secret');
    server({ status: 401, body: { message: 'invalid-token' } }, new Set([stale]));
    await expect(call(api.wallet.wallet)).rejects.toMatchObject({ code: 'invalid-token' });
    expect(storage.getToken()).toBeNull();
    expect(storage.getRefreshToken()).toBeNull();
    expect(events).toEqual(['signed-out']);
  });
});

describe('queryString', () => {
  it('writes the defined, non-empty values (arrays repeat the key, dates as ISO) and nothing when none are left', () => {
    expect(
      queryString({ page: 2, status: 'pending_review', empty: '', none: undefined, nil: null, tag: ['a', 'b&c'] }),
    ).toBe('?page=2&status=pending_review&tag=a&tag=b%26c');
    expect(queryString({ from: new Date('2026-11-23T17:00:00.000Z') })).toBe('?from=2026-11-23T17%3A00%3A00.000Z');
    expect(queryString({ empty: '' })).toBe('');
    expect(queryString(undefined)).toBe('');
  });
});
