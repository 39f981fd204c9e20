import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAYER_STYLE_HASHES } from '../../src/http/security-headers.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { expectSecurityHeaders } from './hostile-kit.ts';

/** ADR 0016: a strict same-origin CSP; the page gets a fresh style nonce, the API none. */
const sha256 = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

let t: TestApp;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'wallet-dist-'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>x</title></head><body></body></html>',
  );
  t = await createTestApp({ env: { PLAYER_DIST: dist } });
});
afterAll(() => t.close());

describe('Content-Security-Policy', () => {
  it('is same-origin only on the API, without unsafe-inline or any host', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/lookup/banks' });
    expectSecurityHeaders(res.headers);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("font-src 'self'");
    expect(csp).not.toMatch(/https:|wss?:|\*|unsafe-/);
    expect(csp).not.toContain('nonce-');
  });

  it('gives every page load its own style nonce, in the header and the meta tag', async () => {
    const pages = await Promise.all([1, 2].map(() => t.app.inject({ method: 'GET', url: '/user/home' })));
    const nonces = pages.map((res) => {
      const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(String(res.headers['content-security-policy']))?.[1];
      expect(res.body).toContain(`<meta property="csp-nonce" nonce="${nonce}" />`);
      expectSecurityHeaders(res.headers);
      return nonce;
    });
    expect(nonces[0]).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it('allows exactly the inline styles sonner inserts (an upgrade that changes them fails here, not in the page)', () => {
    const require = createRequire(path.join(import.meta.dirname, '../../../player/package.json'));
    const source = readFileSync(require.resolve('sonner').replace(/index\.js$/, 'index.mjs'), 'utf8');
    const literal = /__insertCSS\("((?:[^"\\]|\\.)*)"\)/.exec(source)?.[1];
    const css = JSON.parse(`"${literal}"`) as string;
    expect([...PLAYER_STYLE_HASHES]).toEqual([sha256(''), sha256(css)]);
  });
});
