import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installJsonCompression } from '../../src/http/compress-json.ts';
import { createGamesHarness, fakeProviders, type GamesHarness } from '../helpers/games-harness.ts';

let h: GamesHarness;
let token: string;
beforeAll(async () => {
  h = await createGamesHarness(fakeProviders());
  ({ token } = await h.member());
});
afterAll(() => h.t.close());

const wallet = (acceptEncoding?: string) =>
  h.t.app.inject({
    method: 'GET',
    url: '/api/wallet',
    headers: { authorization: `Bearer ${token}`, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
  });

describe('JSON answers of a KiB or more (docs/performance.md)', () => {
  it('GET /api/wallet answers plain when the client does not ask for an encoding', async () => {
    const res = await wallet();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeGreaterThanOrEqual(1024);
    expect(res.json().wallet.currency).toBe('THB');
  });

  it('answers brotli when asked (preferred), gzip when only gzip is accepted, and the same JSON either way', async () => {
    const plain = (await wallet()).json();
    const br = await wallet('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(JSON.stringify(plain).length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain);
    const gz = await wallet('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain);
    expect((await wallet('br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
    expect((await wallet('identity')).headers['content-encoding']).toBeUndefined();
  });

  it('sends small answers plain even when an encoding is accepted', async () => {
    const res = await h.t.app.inject({
      method: 'GET',
      url: '/api/no-such-endpoint',
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' },
    });
    expect(res.json()).toEqual({ message: 'NOT_FOUND' });
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('sends answers that carry credentials plain, however large (a secret must not leak through sizes: BREACH)', async () => {
    const app = Fastify();
    installJsonCompression(app);
    const filler = 'x'.repeat(2048);
    app.get('/token', async () => ({ token: 'secret-session', refreshToken: 'r', filler }));
    app.get('/totp', async () => ({ otpauth: 'otpauth://totp/x?secret=ABC', filler }));
    app.get('/cookie', async (_req, reply) => reply.header('set-cookie', 'sid=1').send({ filler }));
    app.get('/plain', async () => ({ tokens: 3, filler }));
    try {
      for (const url of ['/token', '/totp', '/cookie']) {
        const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
        expect({ url, encoding: res.headers['content-encoding'] }).toEqual({ url, encoding: undefined });
        expect(res.json().filler).toBe(filler);
      }
      // a key that only contains the word is still a credential key by its name ("tokens"): plain as well
      const counted = await app.inject({ method: 'GET', url: '/plain', headers: { 'accept-encoding': 'br' } });
      expect(counted.headers['content-encoding']).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});
