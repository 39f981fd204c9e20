import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { CHAT_VIDEO_MAX_BYTES } from '@wallet/contract/limits';
import { chatRoom } from '@wallet/contract/socket-events';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { DestinationStream } from 'pino';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { systemClock, type Clock } from './clock.ts';
import type { Config } from './config/env.ts';
import type { AppContext } from './context.ts';
import type { Database } from './db/client.ts';
import { seed } from './db/seed.ts';
import { AppError } from './errors.ts';
import type { Module, ModuleFactory } from './http/handlers.ts';
import { JobRunner } from './jobs/job-runner.ts';
import { platformJobs } from './jobs/platform-jobs.ts';
import { answerClientError } from './http/client-error.ts';
import { installErrorHandler } from './http/error-handler.ts';
import { registerRoutes } from './http/register-routes.ts';
import { serveSpas } from './http/serve-spa.ts';
import { sessionMembers } from './modules/account/account.api.ts';
import { OperatorSessionService, SessionService } from './modules/auth/auth.api.ts';
import { modules as defaultModules } from './bootstrap/modules.ts';
import { SettingsService, UNWATCHED_MAX_AGE_MS } from './modules/settings/settings.api.ts';
import { createChangeBus, reportPublishFailures } from './lib/change-bus.ts';
import { createRealtimeGateway, type RealtimeGateway } from './realtime/gateway.ts';
import { GuestTokens } from './realtime/guest-token.ts';
import { onLedgerPosted, onMemberChanged } from './lib/change-signals.ts';
import { createMemberCache } from './lib/member-cache.ts';
import { Metrics } from './observability/metrics.ts';
import { installObservability, redisReadiness, requestIdOf } from './observability/observability.plugin.ts';
import { createStorage } from './providers/storage/create-storage.ts';
import type { ObjectStorage } from './providers/storage/object-storage.ts';
import { rejectNulBytes } from './http/reject-nul.ts';
import { installSecurityHeaders, securityHeaders } from './http/security-headers.ts';
import { stdoutLogDestination } from './lib/log-destination.ts';
import { serializeError } from './lib/log-serializers.ts';

const LOG_REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  'req.headers["idempotency-key"]',
  '*.password',
  '*.oldPassword',
  '*.newPassword',
  '*.otpCode',
  '*.totp',
  '*.token',
  '*.link',
];

/** Boot waits this long for Redis subscriptions; without them settings fall back to a short cache age. */
const BUS_READY_MS = 3000;

async function waitAtMost(ms: number, work: Promise<unknown> | undefined): Promise<void> {
  if (!work) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    work.catch(() => undefined),
    new Promise((resolve) => {
      timer = setTimeout(resolve, ms);
    }),
  ]);
  clearTimeout(timer);
}

export type BuildOptions = {
  config: Config;
  database: Database;
  clock?: Clock;
  modules?: ModuleFactory[];
  /** default: the one config.storage names */
  storage?: ObjectStorage;
  /** run migrations and the seed before serving (default true) */
  bootstrap?: boolean;
  /** where log lines go (default stdout); tests capture them here */
  logStream?: DestinationStream;
};

export type BuiltApp = {
  app: FastifyInstance;
  ctx: AppContext;
  modules: Module[];
  unimplemented: string[];
  realtime: RealtimeGateway;
  /**
   * Graceful drain, step one (docs/decisions/0032-rolling-restarts-and-migrations.md): /ready answers 503 from now
   * on and this process claims no more jobs or outbox batches; resolves when the ones it holds are done. Requests are
   * still served; `app.close()` then tells sockets to reconnect elsewhere and lets in-flight requests finish.
   */
  drain(): Promise<void>;
};

/** The longest path parameter the router accepts; longer ones answer 414 KEY_INVALID (the contract's longest is 128). */
const MAX_PARAM_LENGTH = 200;

export async function buildApp(options: BuildOptions): Promise<BuiltApp> {
  const { config, database } = options;
  const headers = securityHeaders({ hsts: config.env === 'production' });
  const app = Fastify({
    logger: {
      stream: options.logStream ?? stdoutLogDestination(),
      level: config.logLevel,
      redact: { paths: LOG_REDACT, censor: '[redacted]' },
      // never log URLs that may carry secrets (auto-login links carry game credentials)
      serializers: {
        err: serializeError,
        req: (req: { method: string; url: string; id: string }) => ({
          method: req.method,
          url: req.url.startsWith('/api/autoLogin') ? '/api/autoLogin/[redacted]' : req.url.split('?')[0],
          id: req.id,
        }),
      },
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // a well-formed X-Request-Id from the caller (load balancer) is kept, so one id follows a request everywhere
    requestIdHeader: false,
    genReqId: (req) => requestIdOf(req.headers['x-request-id']),
    // errors raised before routing (a bad %-escape, a parameter over MAX_PARAM_LENGTH) get our body and headers too
    frameworkErrors: (error, _request, reply) => {
      const status: number = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
      void (reply as FastifyReply).headers(headers).header('cache-control', 'no-store').status(status).send({
        message: 'KEY_INVALID',
      });
    },
    clientErrorHandler: (error, socket) => answerClientError(socket, headers, error as { code?: string }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  rejectNulBytes(app);

  const clock = options.clock ?? systemClock;
  // modules get `ctx.jobs` before the runner exists (it is built from their job lists)
  const lateRunner: { current?: JobRunner } = {};
  const db = database.db;
  const metrics = new Metrics(db);
  const bus = reportPublishFailures(
    createChangeBus(config.redisUrl, config.redisPrefix, (err) => app.log.warn({ err }, 'change bus')),
    (topic, err) => {
      app.log.warn({ topic, error: err instanceof Error ? err.message : String(err) }, 'change bus: publish failed');
      metrics.changeBusPublishFailures.inc({ topic });
    },
  );
  const settings = new SettingsService(db, {
    bus,
    // Redis notices reach every process; PGlite is one process; PostgreSQL without Redis falls back to a short age
    maxAgeMs: config.redisUrl || database.kind === 'pglite' ? Number.POSITIVE_INFINITY : UNWATCHED_MAX_AGE_MS,
    onError: (err) => app.log.warn({ err }, 'settings: change notice not sent'),
  });
  // one change bus per process (one Redis subscriber connection): settings and member-cache notices
  const memberCache = createMemberCache(config, database.kind, bus);
  // listen before serving, so a change made by another process right after boot is not missed
  await waitAtMost(BUS_READY_MS, bus.ready?.());
  app.addHook('onClose', async () => bus.close());
  const sessions = new SessionService(db, config.secrets.jwt, clock, sessionMembers(db), memberCache);
  const operatorSessions = new OperatorSessionService(db, config.secrets.jwt, clock, {
    secureCookies: config.env === 'production',
  });
  const guestTokens = new GuestTokens(config.secrets.jwt, clock);
  const realtime = createRealtimeGateway(app.server, {
    log: app.log,
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
    // the chat room `{prefix}-{userId}` / `{prefix}-{guestId}` (docs/spec.md §7), decided here, never by the client
    chatRoomOf: async (party) => chatRoom(await settings.get('chatPrefix'), party),
    now: () => clock.now().getTime(),
    operatorCookieToken: (headers) => operatorSessions.cookieToken(headers),
    verifiers: {
      member: async (token) => {
        const member = await sessions.verify(token);
        return { memberId: member.id, sessionId: member.sessionId };
      },
      guest: async (token) => ({ guestId: await guestTokens.verify(token) }),
      operator: async (token) => {
        const operator = await operatorSessions.verify(token);
        return { operatorId: String(operator.id), roles: operator.roles };
      },
    },
  });
  // sockets hold their connections open: drop them before the HTTP server waits for connections to end
  app.addHook('preClose', async () => realtime.close());
  const ctx: AppContext = {
    config,
    database,
    db,
    clock,
    log: app.log,
    settings,
    sessions,
    realtime,
    guestTokens,
    storage: options.storage ?? (await createStorage(config.storage)),
    jobs: {
      enqueue: (name, data, opts) => {
        if (!lateRunner.current) throw new Error('jobs: enqueue before the app is built');
        return lateRunner.current.enqueue(name, data, opts);
      },
    },
    operatorSessions,
    memberCache,
    metrics,
  };
  ctx.metrics.countSockets(() => realtime.io.engine.clientsCount);
  const unsubscribe = [
    onLedgerPosted((kind) => ctx.metrics.ledgerPosts.inc({ kind })),
    ...(memberCache ? [onMemberChanged((memberId, scope) => memberCache.invalidate(memberId, scope))] : []),
  ];
  app.addHook('onClose', async () => {
    for (const off of unsubscribe) off();
  });
  const modules = (options.modules ?? defaultModules).map((factory) => factory(ctx));

  if (options.bootstrap !== false) {
    await database.migrate();
    await seed(
      db,
      config,
      modules.flatMap((m) => (m.seed ? [m.seed] : [])),
    );
  }

  installSecurityHeaders(app, headers);
  await app.register(fastifyMultipart, { limits: { fileSize: CHAT_VIDEO_MAX_BYTES, files: 1, fields: 10 } });
  if (config.apiDocs) {
    await app.register(fastifySwagger, {
      openapi: {
        info: { title: 'Member wallet API', version: '1.1.14' },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  }

  let draining = false;
  installObservability(app, ctx, ctx.metrics, redisReadiness(config), () => draining);
  // draining: every answer ends its keep-alive connection, so none is left open for the close to wait on (ADR 0032)
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });

  // Site status (docs/design.md §4): a terminated site answers every /api call with 410 gone.
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/docs')) return;
    reply.header('cache-control', 'no-store');
    if ((await settings.get('siteStatus')) === 'terminated') throw new AppError('gone');
  });

  const { unimplemented } = registerRoutes(app, ctx, modules);
  for (const module of modules) if (module.plugin) await app.register(module.plugin);

  await serveSpas(app, [
    {
      prefix: '/',
      dist: config.playerDist,
      // the member pages open on home's layout, /howto on its first poster (apps/player/shells)
      routeShells: [
        { path: /^\/user(\/|$)/, file: 'shells/member.html' },
        { path: /^\/howto\/?$/, file: 'shells/howto.html' },
      ],
    },
    // the operator console: never indexed, never framed by another page
    { prefix: '/admin/', dist: config.backofficeDist, shellHeaders: { 'x-robots-tag': 'noindex, nofollow' } },
  ]);
  const runner = createRunner(app, ctx, modules);
  lateRunner.current = runner;
  const drain = async () => {
    draining = true;
    await runner.drain();
  };
  return { app, ctx, modules, unimplemented, realtime, drain };
}

/** The job runner (ADR 0011) with the module jobs and subscribers; it works only in processes with JOBS on. */
function createRunner(app: FastifyInstance, ctx: AppContext, modules: Module[]): JobRunner {
  const runner = new JobRunner({
    database: ctx.database,
    clock: ctx.clock,
    log: app.log,
    jobs: [...platformJobs({ db: ctx.db, clock: ctx.clock }), ...modules.flatMap((m) => m.jobs ?? [])],
    subscribers: modules.flatMap((m) => m.subscribers ?? []),
  });
  if (ctx.config.jobs) app.addHook('onReady', () => runner.start());
  app.addHook('onClose', () => runner.stop());
  return runner;
}
