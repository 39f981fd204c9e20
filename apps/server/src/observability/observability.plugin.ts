import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config/env.ts';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Metrics } from './metrics.ts';
import { enterRequest } from './request-context.ts';

export type ReadinessCheck = { name: string; check(): Promise<void> };

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,100}$/;

/** A caller's own `X-Request-Id` when well formed (so a load balancer's id follows the request), else a UUID. */
export function requestIdOf(header: string | string[] | undefined): string {
  return typeof header === 'string' && REQUEST_ID.test(header) ? header : crypto.randomUUID();
}

/**
 * GET /health (liveness: the process answers), GET /ready (the database answers, and Redis when configured),
 * GET /metrics (Prometheus text; a bearer METRICS_TOKEN, or loopback callers only when none is set, outside
 * development). Every request gets an `x-request-id` answer header and carries its id into provider calls.
 */
export function installObservability(
  app: FastifyInstance,
  ctx: AppContext,
  metrics: Metrics,
  readiness: ReadinessCheck[] = [],
  /** true once a graceful drain began: /ready answers 503 at once (docs/decisions/0032-rolling-restarts-and-migrations.md) */
  draining: () => boolean = () => false,
): void {
  // synchronous on purpose: the context entered here is the one every later hook and the handler run in
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    enterRequest({ requestId: request.id, log: request.log });
    done();
  });
  app.addHook('onResponse', async (request, reply) => {
    const config = request.routeOptions.config as { endpointId?: string };
    const route = config.endpointId ?? request.routeOptions.url ?? 'unmatched';
    metrics.httpDuration.observe(
      { route, method: request.method, status: `${Math.floor(reply.statusCode / 100)}xx` },
      reply.elapsedTime / 1000,
    );
  });

  app.get('/health', { logLevel: 'warn' }, async () => ({ status: 'ok' }));

  app.get('/ready', { logLevel: 'warn' }, async (_request, reply) => {
    if (draining()) return reply.status(503).send({ status: 'draining', checks: {} });
    const checks: ReadinessCheck[] = [
      { name: 'database', check: async () => void (await ctx.db.execute(sql`select 1`)) },
      ...readiness,
    ];
    const results: Record<string, 'ok' | 'failing'> = {};
    await Promise.all(
      checks.map(async (c) => {
        try {
          await withTimeout(c.check(), 2000);
          results[c.name] = 'ok';
        } catch (err) {
          ctx.log.warn({ err, check: c.name }, 'readiness check failed');
          results[c.name] = 'failing';
        }
      }),
    );
    const ready = Object.values(results).every((r) => r === 'ok');
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not-ready', checks: results });
  });

  app.get('/metrics', { logLevel: 'warn' }, async (request, reply) => {
    if (!metricsAllowed(request, ctx)) return reply.status(403).send({ message: 'FORBIDDEN' });
    const body = await metrics.registry.metrics();
    return reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store').send(body);
  });
}

function metricsAllowed(request: FastifyRequest, ctx: AppContext): boolean {
  const token = ctx.config.metricsToken;
  if (token) {
    const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const a = Buffer.from(given);
    const b = Buffer.from(token);
    return a.length === b.length && timingSafeEqual(a, b);
  }
  if (ctx.config.env === 'development') return true;
  // loopback only, and never through a proxy (a proxy on the same host would make every caller look local)
  const remote = request.socket.remoteAddress ?? '';
  const local = remote === '127.0.0.1' || remote === '::1' || remote === '::ffff:127.0.0.1';
  return local && request.headers['x-forwarded-for'] === undefined && request.headers.forwarded === undefined;
}

function withTimeout(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export function redisReadiness(config: Config): ReadinessCheck[] {
  const url = config.redisUrl;
  if (!url) return [];
  return [
    {
      name: 'redis',
      check: async () => {
        const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1500 });
        redis.on('error', () => {});
        try {
          await redis.connect();
          await redis.ping();
        } finally {
          redis.disconnect();
        }
      },
    },
  ];
}
