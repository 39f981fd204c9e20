import Fastify from 'fastify';
import pino from 'pino';
import { Metrics } from '../../src/observability/metrics.ts';
import { installObservability } from '../../src/observability/observability.plugin.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { runInRequest, currentRequest } from '../../src/observability/request-context.ts';
import { HttpGameProvider, type FetchLike } from '../../src/providers/games/http-game-provider.ts';
import { createGamesHarness, fakeProviders, type GamesHarness } from '../helpers/games-harness.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { expectLedgerSound } from '../helpers/ledger.ts';

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const t of open.splice(0)) await t.close();
});

async function app(env: Record<string, string> = {}): Promise<TestApp> {
  const t = await createTestApp({ env });
  open.push(t);
  return t;
}

describe('health and readiness', () => {
  it('/health answers ok and /ready checks the database', async () => {
    const t = await app();
    const health = await t.app.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok' } });
  });

  it('/ready answers 503 naming the failing check', async () => {
    const t = await app();
    const bare = Fastify();
    installObservability(bare, t.ctx, new Metrics(t.ctx.db), [
      { name: 'redis', check: async () => Promise.reject(new Error('connection refused')) },
    ]);
    const ready = await bare.inject({ method: 'GET', url: '/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'not-ready', checks: { database: 'ok', redis: 'failing' } });
    await bare.close();
  });
});

describe('/metrics access', () => {
  it('needs the bearer METRICS_TOKEN when one is set', async () => {
    const t = await app({ METRICS_TOKEN: 'metrics-token-0123456789' });
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(403);
    const wrong = { authorization: 'Bearer metrics-token-0123456780' };
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: wrong })).statusCode).toBe(403);
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer metrics-token-0123456789' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
  });

  it('without a token answers loopback callers only, never through a proxy', async () => {
    const t = await app();
    const remote = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(403);
    const proxied = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(proxied.statusCode).toBe(403);
    const local = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(local.statusCode).toBe(200);
  });
});

describe('metrics and the request id through a money move', () => {
  let h: GamesHarness;
  afterEach(async () => h?.t.close());

  it('counts requests per route id and ledger posts; the request id reaches the provider call', async () => {
    const providers = fakeProviders();
    h = await createGamesHarness(providers);
    const seenIds: Array<string | undefined> = [];
    providers.get('pg')!.onTransferCall = () => seenIds.push(currentRequest()?.requestId);
    const m = await h.member();
    await h.fund(m.id, 50_000n);
    expect((await h.call(m.token, 'GET', '/api/wallet/activate/pg')).status).toBe(200);
    const res = await h.t.app.inject({
      method: 'POST',
      url: '/api/wallet/transfer',
      headers: { authorization: `Bearer ${m.token}`, 'x-request-id': 'lb-req-0001-abcdef' },
      payload: { from: 'WALLET', to: 'pg', amount: 100 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe('lb-req-0001-abcdef');
    expect(seenIds).toEqual(['lb-req-0001-abcdef']);

    // an id that is not well formed is replaced by a fresh one
    const odd = await h.t.app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'bad id\n' } });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    const metrics = await h.t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    const text = metrics.body;
    expect(text).toMatch(/http_request_duration_seconds_count\{route="wallet.transfer",method="POST",status="2xx"\} 1/);
    expect(text).toMatch(/wallet_ledger_posts_total\{kind="adjustment"\} 1/);
    expect(text).toMatch(/wallet_ledger_posts_total\{kind="transfer_out"\} 1/);
    expect(text).toMatch(/wallet_pending_game_transfers\{age="<1m"\} 0/);
    expect(text).toContain('process_resident_memory_bytes');
    expect(text).toMatch(/wallet_sockets_connected 0/);
    expect(text).toMatch(/wallet_outbox_undelivered \d+/);
    await expectLedgerSound(h.t);
  });
});

describe('HttpGameProvider', () => {
  it('sends the request id as X-Request-Id when called for a request', async () => {
    const seen: Array<Record<string, string>> = [];
    const fetch: FetchLike = async (_url, init) => {
      seen.push(init.headers);
      return { status: 200, text: async () => JSON.stringify({ status: 'SUCCESS', balance: '100' }) };
    };
    const provider = new HttpGameProvider({
      game: 'pg',
      baseUrl: 'http://provider.invalid/pg',
      secret: 'x'.repeat(20),
      fetch,
    });
    const log = pino({ level: 'silent' });
    await runInRequest({ requestId: 'req-12345678', log }, () => provider.balance('agt_alice'));
    await provider.balance('agt_alice');
    expect(seen[0]?.['x-request-id']).toBe('req-12345678');
    expect(seen[1]?.['x-request-id']).toBeUndefined();
  });
});
