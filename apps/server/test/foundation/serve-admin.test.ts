import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const PLAYER = '<!doctype html><html><head><title>player</title></head></html>';
const ADMIN = '<!doctype html><html><head><title>back office</title></head></html>';
const SCRIPT = 'console.log("admin entry chunk");'.repeat(20);

function dist(prefix: string, shell: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  mkdirSync(path.join(dir, 'assets'));
  const write = (name: string, body: string) => {
    writeFileSync(path.join(dir, name), body);
    writeFileSync(path.join(dir, `${name}.br`), brotliCompressSync(body));
    writeFileSync(path.join(dir, `${name}.gz`), gzipSync(body));
  };
  write('index.html', shell);
  write('assets/index-Adm1n.js', SCRIPT);
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { PLAYER_DIST: dist('player-dist-', PLAYER), BACKOFFICE_DIST: dist('admin-dist-', ADMIN) },
  });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('the operator console at /admin beside the player at /', () => {
  it('answers every console route with the console shell: CSP with a fresh nonce, no-cache, noindex', async () => {
    for (const url of ['/admin/', '/admin/login', '/admin/settings?key=minDeposit', '/admin/members/12/ledger']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>back office</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
      const nonce = /<meta property="csp-nonce" nonce="([^"]+)"/.exec(res.body)?.[1];
      expect(nonce).toBeTruthy();
      expect(res.headers['content-security-policy']).toContain(`'nonce-${nonce}'`);
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    }
    const again = await get('/admin/login');
    expect(again.body).not.toBe((await get('/admin/login')).body); // a new nonce per page
  });

  it('redirects /admin to /admin/ (the app base URL)', async () => {
    const res = await get('/admin');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/admin/');
  });

  it('serves its hashed assets precompressed and immutable; a missing asset is 404, never the shell', async () => {
    const res = await get('/admin/assets/index-Adm1n.js', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
    const missing = await get('/admin/assets/index-Old.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('back office');
    expect((await get('/admin/favicon.svg')).statusCode).toBe(200);
  });

  it('keeps the player at / and the API out of both shells', async () => {
    const player = await get('/wallet');
    expect(player.body).toContain('<title>player</title>');
    expect(player.headers['x-robots-tag']).toBeUndefined();
    // a path that only starts like the console is the player's
    expect((await get('/administrator')).body).toContain('<title>player</title>');
    const api = await get('/api/admin/nothing-here');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'NOT_FOUND' });
  });
});
