import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const SHELL = '<!doctype html><title>player</title>';
const HOWTO_SHELL = '<!doctype html><title>player</title><img src="/videos/wallet.webp">';
const SCRIPT = 'console.log("entry chunk");'.repeat(20);

let t: TestApp;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'player-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  const write = (name: string, body: string) => {
    writeFileSync(path.join(dist, name), body);
    writeFileSync(path.join(dist, `${name}.br`), brotliCompressSync(body));
    writeFileSync(path.join(dist, `${name}.gz`), gzipSync(body));
  };
  write('index.html', SHELL);
  // the build wrote the /howto route shell but not the member one (which falls back to index.html)
  mkdirSync(path.join(dist, 'shells'));
  write('shells/howto.html', HOWTO_SHELL);
  write('assets/index-AbC123.js', SCRIPT);
  writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  t = await createTestApp({ env: { PLAYER_DIST: dist } });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('the player shell', () => {
  const LOADER = "requestAnimationFrame(function () { /* the app's loader */ });";
  let shellApp: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'player-dist-'));
    const html = `<!doctype html><head><title>player</title></head><body><style>#boot{}</style><script>${LOADER}</script></body>`;
    writeFileSync(path.join(dist, 'index.html'), html);
    shellApp = await createTestApp({ env: { PLAYER_DIST: dist } });
  });
  afterAll(() => shellApp.close());

  it("runs its inline boot styles and app loader under the page's fresh nonce", async () => {
    const get = (url: string) =>
      shellApp.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    const res = await get('/login');
    expect(res.statusCode).toBe(200);
    const nonce = /<meta property="csp-nonce" nonce="([^"]+)"/.exec(res.body)?.[1];
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(res.body).toContain(`<script nonce="${nonce}">${LOADER}</script>`);
    expect(res.body).toContain(`<style nonce="${nonce}">`);
    const scriptSrc = /script-src ([^;]+)/.exec(String(res.headers['content-security-policy']))?.[1];
    expect(scriptSrc).toBe(`'self' 'nonce-${nonce}'`);
    expect(res.headers['content-security-policy']).toContain("script-src-attr 'none'");
    const next = await get('/login');
    expect(next.body).not.toContain(nonce); // a new nonce per page
  });
});

describe('static player files', () => {
  it('serves hashed assets brotli-compressed when accepted, with immutable one-year caching', async () => {
    const res = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gz = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const plain = await get('/assets/index-AbC123.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(SCRIPT);
  });

  it('answers 404 for a missing file under /assets (an old chunk after a deploy), never the app shell', async () => {
    const res = await get('/assets/index-OldHash.js', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<title>player</title>');
    expect((await get('/assets/missing.css')).statusCode).toBe(404);
    expect((await get('/favicon.ico')).statusCode).toBe(404);
  });

  it('serves robots.txt as a real file', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.body).toContain('User-agent: *');
  });

  it.each(['/', '/login', '/user/home', '/some/unknown/page'])(
    'serves the HTML shell for %s with no-cache, compressed',
    async (url) => {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SHELL);
    },
  );

  it('answers /howto with its route shell (the first poster in the HTML) and a missing route shell with index.html', async () => {
    const howto = await get('/howto', { 'accept-encoding': 'br' });
    expect(howto.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(howto.rawPayload).toString()).toBe(HOWTO_SHELL);
    expect((await get('/howto/')).body).toBe(HOWTO_SHELL);
    expect((await get('/howtos')).body).toBe(SHELL);
  });

  it('does not expose the compressed copies as their own routes and keeps API 404s as JSON', async () => {
    expect((await get('/assets/index-AbC123.js.br')).statusCode).toBe(404);
    const api = await get('/api/nothing-here');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'NOT_FOUND' });
  });
});
