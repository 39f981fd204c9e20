import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { CHAT_VIDEO_MAX_BYTES } from '@wallet/contract/limits';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { systemClock, type Clock } from './clock.ts';
import type { Config } from './config/env.ts';
import type { AppContext } from './context.ts';
import type { Database } from './db/client.ts';
import { seed } from './db/seed.ts';
import { AppError } from './errors.ts';
import type { Module, ModuleFactory } from './http/handlers.ts';
import { installErrorHandler } from './http/error-handler.ts';
import { registerRoutes } from './http/register-routes.ts';
import { servePlayer } from './http/serve-player.ts';
import { SessionService } from './modules/auth/auth.api.ts';
import { modules as defaultModules } from './bootstrap/modules.ts';
import { SettingsService } from './modules/settings/settings.api.ts';
import { createStorage } from './providers/storage/create-storage.ts';
import type { ObjectStorage } from './providers/storage/object-storage.ts';

const LOG_REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["idempotency-key"]',
  '*.password',
  '*.oldPassword',
  '*.newPassword',
  '*.otpCode',
  '*.token',
  '*.link',
];

export type BuildOptions = {
  config: Config;
  database: Database;
  clock?: Clock;
  modules?: ModuleFactory[];
  /** default: the one config.storage names */
  storage?: ObjectStorage;
  /** run migrations and the seed before serving (default true) */
  bootstrap?: boolean;
};

export type BuiltApp = { app: FastifyInstance; ctx: AppContext; modules: Module[]; unimplemented: string[] };

export async function buildApp(options: BuildOptions): Promise<BuiltApp> {
  const { config, database } = options;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: LOG_REDACT, censor: '[redacted]' },
      // never log URLs that may carry secrets (auto-login links carry game credentials)
      serializers: {
        req: (req: { method: string; url: string; id: string }) => ({
          method: req.method,
          url: req.url.startsWith('/api/autoLogin') ? '/api/autoLogin/[redacted]' : req.url.split('?')[0],
          id: req.id,
        }),
      },
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);

  const clock = options.clock ?? systemClock;
  const db = database.db;
  const settings = new SettingsService(db);
  const ctx: AppContext = {
    config,
    database,
    db,
    clock,
    log: app.log,
    settings,
    sessions: new SessionService(db, config.secrets.jwt, clock),
    storage: options.storage ?? (await createStorage(config.storage)),
  };
  const modules = (options.modules ?? defaultModules).map((factory) => factory(ctx));

  if (options.bootstrap !== false) {
    await database.migrate();
    await seed(
      db,
      config,
      modules.flatMap((m) => (m.seed ? [m.seed] : [])),
    );
  }

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.env === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  await app.register(fastifyMultipart, { limits: { fileSize: CHAT_VIDEO_MAX_BYTES, files: 1, fields: 10 } });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Member wallet API', version: '1.1.14' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  // Site status (DESIGN.md §4): a terminated site answers every /api call with 410 gone.
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/docs')) return;
    reply.header('cache-control', 'no-store');
    if ((await settings.get('siteStatus')) === 'terminated') throw new AppError('gone');
  });

  const { unimplemented } = registerRoutes(app, ctx, modules);
  for (const module of modules) if (module.plugin) await app.register(module.plugin);

  await servePlayer(app, config.playerDist);
  startJobs(app, ctx, modules);
  return { app, ctx, modules, unimplemented };
}

function startJobs(app: FastifyInstance, ctx: AppContext, modules: Module[]): void {
  if (!ctx.config.jobs) return;
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<string>();
  app.addHook('onReady', async () => {
    for (const job of modules.flatMap((m) => m.jobs ?? [])) {
      const tick = async () => {
        if (running.has(job.name)) return;
        running.add(job.name);
        try {
          await job.run();
        } catch (err) {
          app.log.error({ err, job: job.name }, 'job failed');
        } finally {
          running.delete(job.name);
        }
      };
      timers.push(setInterval(() => void tick(), job.intervalMs).unref());
    }
  });
  app.addHook('onClose', async () => {
    for (const t of timers) clearInterval(t);
  });
}
