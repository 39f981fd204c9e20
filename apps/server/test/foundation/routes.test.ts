import { listEndpoints } from '@wallet/contract/api';
import { buildPath } from '@wallet/contract/endpoint';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const sample = (p: string) => buildPath(p, new Proxy({}, { get: () => 'x1' }) as Record<string, string>);

let t: TestApp;
let playerDist: string;
beforeAll(async () => {
  playerDist = mkdtempSync(path.join(os.tmpdir(), 'player-dist-'));
  writeFileSync(path.join(playerDist, 'index.html'), '<!doctype html><title>player</title>');
  t = await createTestApp({ env: { PLAYER_DIST: playerDist } });
});
afterAll(() => t.close());

describe('every endpoint of the contract', () => {
  const memberOnly = listEndpoints().filter(({ endpoint }) => endpoint.access === 'member');

  it.each(memberOnly.map(({ id, endpoint }) => [id, endpoint.method, endpoint.path] as const))(
    '%s answers 401 invalid-token without a session',
    async (_id, method, p) => {
      const res = await t.app.inject({
        method,
        url: sample(p),
        payload: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'invalid-token' });
    },
  );

  it('is registered: no contract path answers 404 route-not-found', async () => {
    for (const { endpoint } of listEndpoints()) {
      const res = await t.app.inject({ method: endpoint.method, url: sample(endpoint.path) });
      expect(res.json().message, `${endpoint.method} ${endpoint.path}`).not.toBe('NOT_FOUND');
    }
  });

  it('appears in the OpenAPI document at /api/docs', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, object>;
    };
    for (const { endpoint } of listEndpoints()) {
      const openApiPath = endpoint.path.replace(/:(\w+)/g, '{$1}');
      expect(doc.paths[openApiPath], openApiPath).toHaveProperty(endpoint.method.toLowerCase());
    }
  });
});

describe('errors', () => {
  it('answers KEY_INVALID for malformed JSON and for a body failing its schema', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'KEY_INVALID' });
    const wrong = await t.app.inject({ method: 'POST', url: '/api/login', payload: { username: 123 } });
    expect(wrong.json()).toEqual({ message: 'KEY_INVALID' });
  });

  it('answers a rejected token with 401 invalid-token', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/wallet',
      headers: { authorization: 'Bearer not.a.jwt' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'invalid-token' });
  });

  it('answers unknown /api paths with 404 NOT_FOUND, never the SPA', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'NOT_FOUND' });
  });

  it('sends no-store and nosniff on API answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/lookup/banks' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('player app', () => {
  it.each(['/', '/login', '/user/home', '/some/unknown/page'])(
    'serves index.html for %s (history mode)',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>player</title>');
    },
  );
});

describe('config', () => {
  it('generates secrets once and keeps them in DATA_DIR', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cfg-'));
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(second.secrets).toEqual(first.secrets);
    expect(first.secrets.encryptionKey).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses to boot in production without secrets, and with a malformed port', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: os.tmpdir() })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/Invalid configuration/);
  });

  it('turns demo data off in production by default', () => {
    const secrets = { JWT_SECRET: 'x'.repeat(32), ENCRYPTION_KEY: 'a'.repeat(64), PROVIDER_SECRET: 'y'.repeat(16) };
    expect(loadConfig({ NODE_ENV: 'production', DATA_DIR: os.tmpdir(), ...secrets }).demoData).toBe(false);
    expect(loadConfig({ DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'cfg-')) }).demoData).toBe(true);
  });
});
