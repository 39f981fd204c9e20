import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { loadStorageConfig, type StorageConfig } from '../providers/storage/storage-config.ts';

const bool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** where the embedded database, uploads and generated secrets live */
  DATA_DIR: z.string().default('./data'),
  /** PostgreSQL; when absent the embedded PGlite in DATA_DIR is used */
  DATABASE_URL: z.string().url().optional(),
  /**
   * node-postgres named prepared statements; `false` behind a transaction-mode pooler (PgBouncer before 1.21), which
   * hands each transaction another server connection where the statement does not exist (docs/operations.md)
   */
  DATABASE_PREPARED_STATEMENTS: bool.default(true),
  REDIS_URL: z.string().url().optional(),
  /** namespaces every Redis key and channel of this deployment (several deployments or test runs share one Redis) */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_:.-]{1,64}$/)
    .default('wallet:'),
  /** outside parties: the built-in sandbox (default outside production) or live adapters (default in production) */
  PROVIDERS: z.enum(['sandbox', 'live']).optional(),
  /** production refuses PROVIDERS=sandbox unless this is set (a staging site running on simulators) */
  ALLOW_SANDBOX_IN_PRODUCTION: bool.default(false),
  /** the `X-Sandbox-Key` header that opens the sandbox's control and log routes to non-loopback clients */
  SANDBOX_KEY: z.string().min(16).optional(),
  /** serve the OpenAPI page at /api/docs (default: on outside production) */
  API_DOCS: bool.optional(),
  /** th = Thailand (default), la = the Lao variant */
  VARIANT: z.enum(['th', 'la']).default('th'),
  DEMO_DATA: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** base URL the server is reached at (game launch links, webhooks); defaults to http://localhost:PORT */
  PUBLIC_URL: z.string().url().optional(),
  /**
   * passkeys (docs/decisions/0040-passkeys.md): the WebAuthn relying-party id (a registrable domain, default the host
   * of PUBLIC_URL), the origins a browser may sign from (comma-separated, default PUBLIC_URL's origin) and the name
   * the authenticator shows
   */
  WEBAUTHN_RP_ID: z
    .string()
    .regex(/^[a-z0-9.-]{1,253}$/)
    .optional(),
  WEBAUTHN_ORIGINS: z.string().optional(),
  WEBAUTHN_RP_NAME: z.string().min(1).max(64).default('Member wallet'),
  PLAYER_DIST: z.string().optional(),
  BACKOFFICE_DIST: z.string().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
  PROVIDER_SECRET: z.string().min(16).optional(),
  /** run background jobs (reconciler, pollers) in this process */
  JOBS: bool.default(true),
  /** the turnover pull every N seconds instead of every minute (the end-to-end servers; N divides 60) */
  TURNOVER_PULL_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(60)
    .refine((n) => 60 % n === 0, 'must divide 60')
    .optional(),
  /**
   * SIGTERM: how long /ready answers 503 while requests are still served, before the process closes (the balancer's
   * health checks must see it in time: interval × fall + margin). Default 5000 in production, 0 elsewhere.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  /** after the drain window, how long closing (in-flight requests, held jobs, the pool) may take before exit 1 */
  SHUTDOWN_CLOSE_MS: z.coerce.number().int().min(1000).max(600_000).default(10_000),
  /**
   * which proxies may set X-Forwarded-For (client IPs feed rate limits): unset = none, `true` = any (only behind
   * a proxy that overwrites the header), or a comma-separated list of the load balancers' addresses/CIDRs
   */
  TRUST_PROXY: z.string().optional(),
  /** bearer token for GET /metrics; without it /metrics answers only loopback callers outside development */
  METRICS_TOKEN: z.string().min(16).optional(),
  /**
   * per-member wallet/session cache: auto = on with Redis (cross-process eviction) or on the embedded database
   * (one process), off on PostgreSQL without Redis; `on` forces it (one process only!); `off` disables it
   */
  MEMBER_CACHE: z.enum(['auto', 'on', 'off']).default('auto'),
  /** the fixed shared secret the player encrypts True Wallet gift links with (obfuscation, docs/payments.md §4.1) */
  TRUELINK_SECRET: z.string().min(8).max(200).default('member-wallet-truelink'),
  /** LINE Messaging API channel (docs/decisions/0041-line-notifications.md): webhook signing secret and push token */
  LINE_CHANNEL_SECRET: z.string().min(16).max(200).optional(),
  LINE_CHANNEL_ACCESS_TOKEN: z.string().min(16).max(1000).optional(),
  /** the Messaging API's base URL (the sandbox's `/sandbox/line` with PROVIDERS=sandbox) */
  LINE_API_BASE_URL: z.string().url().optional(),
  /** the official account's add-friend link shown to players who link LINE */
  LINE_ADD_FRIEND_URL: z.string().url().optional(),
});

function parseTrustProxy(value: string | undefined): boolean | string[] {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** named prepared statements on PostgreSQL (off behind PgBouncer in transaction mode) */
  databasePreparedStatements: boolean;
  redisUrl: string | undefined;
  redisPrefix: string;
  providers: 'sandbox' | 'live';
  /** opens /sandbox control and log routes to clients that are not on loopback */
  sandboxKey: string | undefined;
  apiDocs: boolean;
  variant: 'th' | 'la';
  demoData: boolean;
  logLevel: string;
  publicUrl: string;
  playerDist: string;
  /** the built operator console (apps/backoffice/dist), served at /admin */
  backofficeDist: string;
  jobs: boolean;
  /** the turnover pull's period when not the minute (TURNOVER_PULL_SECONDS) */
  turnoverPullSeconds: number | undefined;
  /** graceful drain on SIGTERM (docs/decisions/0032-rolling-restarts-and-migrations.md) */
  shutdown: { drainMs: number; closeMs: number };
  trustProxy: boolean | string[];
  metricsToken: string | undefined;
  memberCache: 'auto' | 'on' | 'off';
  truelinkSecret: string;
  /** passkeys: relying-party id and name, and the origins assertions may come from (ADR 0040) */
  webauthn: { rpId: string; rpName: string; origins: string[] };
  /** LINE notifications; null when no channel is configured (live without LINE_* secrets): nothing is pushed */
  line: LineConfig | null;
  /** uploads: disk under DATA_DIR (default) or an S3-compatible bucket (STORAGE, S3_*) */
  storage: StorageConfig;
  secrets: { jwt: string; encryptionKey: string; provider: string };
};

type Secrets = Config['secrets'];

type LineConfig = { channelSecret: string; channelAccessToken: string; baseUrl: string; addFriendUrl: string };

/**
 * LINE's channel: the LINE_* variables, else with PROVIDERS=sandbox a channel of the simulator whose secret and token
 * derive from the provider secret (so the simulator and the server agree without configuration).
 */
function lineConfig(
  env: z.infer<typeof EnvSchema>,
  providers: 'sandbox' | 'live',
  publicUrl: string,
  providerSecret: string,
): LineConfig | null {
  if (env.LINE_CHANNEL_SECRET && env.LINE_CHANNEL_ACCESS_TOKEN) {
    return {
      channelSecret: env.LINE_CHANNEL_SECRET,
      channelAccessToken: env.LINE_CHANNEL_ACCESS_TOKEN,
      baseUrl: env.LINE_API_BASE_URL ?? 'https://api.line.me',
      addFriendUrl: env.LINE_ADD_FRIEND_URL ?? 'https://line.me/R/',
    };
  }
  if (providers !== 'sandbox') return null;
  const derive = (purpose: string) =>
    createHmac('sha256', providerSecret).update(`line:${purpose}`).digest('hex').slice(0, 32);
  return {
    channelSecret: derive('channel-secret'),
    channelAccessToken: derive('channel-access-token'),
    baseUrl: env.LINE_API_BASE_URL ?? `${publicUrl}/sandbox/line`,
    addFriendUrl: env.LINE_ADD_FRIEND_URL ?? `${publicUrl}/sandbox/line/_ui`,
  };
}

/** The passkeys' relying party: WEBAUTHN_* or, by default, the host and origin of PUBLIC_URL. */
function webauthnConfig(env: z.infer<typeof EnvSchema>, publicUrl: string): Config['webauthn'] {
  const url = new URL(publicUrl);
  const origins = (env.WEBAUTHN_ORIGINS ?? url.origin)
    .split(',')
    .map((o) => o.trim().replace(/\/$/, ''))
    .filter(Boolean);
  return { rpId: env.WEBAUTHN_RP_ID ?? url.hostname, rpName: env.WEBAUTHN_RP_NAME, origins };
}

/** Secrets come from the environment, or are generated once and kept in DATA_DIR (embedded default). */
function loadSecrets(dataDir: string, env: z.infer<typeof EnvSchema>): Secrets {
  const file = path.join(dataDir, 'secrets.json');
  let stored: Partial<Secrets> = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>;
  const secrets: Secrets = {
    jwt: env.JWT_SECRET ?? stored.jwt ?? randomBytes(32).toString('hex'),
    encryptionKey: env.ENCRYPTION_KEY ?? stored.encryptionKey ?? randomBytes(32).toString('hex'),
    provider: env.PROVIDER_SECRET ?? stored.provider ?? randomBytes(24).toString('hex'),
  };
  if (
    stored.jwt !== secrets.jwt ||
    stored.encryptionKey !== secrets.encryptionKey ||
    stored.provider !== secrets.provider
  ) {
    if (!env.JWT_SECRET || !env.ENCRYPTION_KEY || !env.PROVIDER_SECRET) {
      mkdirSync(dataDir, { recursive: true });
      writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
    }
  }
  return secrets;
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    throw new Error(`Invalid configuration:\n${z.prettifyError(parsed.error)}`);
  }
  const env = parsed.data;
  if (env.NODE_ENV === 'production' && (!env.JWT_SECRET || !env.ENCRYPTION_KEY || !env.PROVIDER_SECRET)) {
    throw new Error('Invalid configuration: production needs JWT_SECRET, ENCRYPTION_KEY and PROVIDER_SECRET');
  }
  const isProduction = env.NODE_ENV === 'production';
  const providers = env.PROVIDERS ?? (isProduction ? 'live' : 'sandbox');
  if (isProduction && providers === 'sandbox' && !env.ALLOW_SANDBOX_IN_PRODUCTION) {
    throw new Error(
      'Invalid configuration: PROVIDERS=sandbox in production serves simulated money and SMS; ' +
        'set ALLOW_SANDBOX_IN_PRODUCTION=true if that is really meant',
    );
  }
  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const secrets = loadSecrets(dataDir, env);
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    databasePreparedStatements: env.DATABASE_PREPARED_STATEMENTS,
    redisUrl: env.REDIS_URL,
    redisPrefix: env.REDIS_PREFIX,
    providers,
    sandboxKey: env.SANDBOX_KEY,
    truelinkSecret: env.TRUELINK_SECRET,
    webauthn: webauthnConfig(env, publicUrl),
    line: lineConfig(env, providers, publicUrl, secrets.provider),
    apiDocs: env.API_DOCS ?? !isProduction,
    variant: env.VARIANT,
    demoData: env.DEMO_DATA ?? env.NODE_ENV !== 'production',
    logLevel: env.LOG_LEVEL,
    publicUrl,
    playerDist: path.resolve(env.PLAYER_DIST ?? path.join(import.meta.dirname, '../../../player/dist')),
    backofficeDist: path.resolve(env.BACKOFFICE_DIST ?? path.join(import.meta.dirname, '../../../backoffice/dist')),
    jobs: env.JOBS,
    turnoverPullSeconds: env.TURNOVER_PULL_SECONDS,
    shutdown: { drainMs: env.SHUTDOWN_DRAIN_MS ?? (isProduction ? 5000 : 0), closeMs: env.SHUTDOWN_CLOSE_MS },
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    metricsToken: env.METRICS_TOKEN,
    memberCache: env.MEMBER_CACHE,
    storage: loadStorageConfig(source, dataDir),
    secrets,
  };
}
