import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const SERVER_ENTRY = path.resolve(import.meta.dirname, '../src/server.ts');
/** the raw-stack debit's table (outside the ledger, so the ledger invariant is untouched) */
export const BASELINE_TABLE = 'bench_baseline_balances';
const BASELINE_ENTRY = path.resolve(import.meta.dirname, 'baseline-server.ts');
const COUNTER_ENTRY = path.resolve(import.meta.dirname, 'query-counter.ts');

/** Statements a child process has sent to the database so far (query-counter.ts), in total and by text. */
export type QueryCounts = {
  total: number;
  statements: Record<string, number>;
  /** the process's memory right after a forced collection (only when it runs with `--expose-gc`) */
  memory?: NodeJS.MemoryUsage;
};

/** Ask a child started with the query counter for its running totals (SIGUSR2 → a JSON file). */
async function readCounts(child: ChildProcess, file: string): Promise<QueryCounts | null> {
  rmSync(file, { force: true });
  if (child.exitCode !== null || !child.kill('SIGUSR2')) return null;
  for (let i = 0; i < 100; i++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    if (existsSync(file)) {
      try {
        return JSON.parse(readFileSync(file, 'utf8')) as QueryCounts;
      } catch {
        // being written
      }
    }
  }
  return null;
}

/** A throw-away database (`bench_<ts>`, or `name` made afresh) next to the one DATABASE_URL names; dropped by `drop()`. */
export async function createBenchDatabase(
  adminUrl: string,
  name = `bench_${Date.now()}`,
): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export type BenchServer = {
  url: string;
  secrets: { jwt: string };
  child: ChildProcess;
  /** the statements it has sent to the database so far (null if it did not answer) */
  queries(): Promise<QueryCounts | null>;
  stop(): Promise<void>;
};

/** The real server in a child process (`node --import tsx src/server.ts`), loopback only, jobs off. */
export async function startServer(
  databaseUrl: string,
  options: {
    secrets?: BenchServer['secrets'] & { encryption: string; provider: string };
    env?: Record<string, string>;
    /** run on the embedded database (PGlite) kept in this directory instead of `databaseUrl` (then ''), no Redis */
    embeddedDataDir?: string;
    /** listen here (a restart behind a balancer keeps its port; default: a free one) */
    port?: number;
    /** the server's entry (another checkout's `apps/server/src/server.ts`; default: this one's) */
    entry?: string;
  } = {},
): Promise<BenchServer> {
  const port = options.port ?? (await freePort());
  const secrets = options.secrets ?? {
    jwt: randomBytes(32).toString('hex'),
    encryption: randomBytes(32).toString('hex'),
    provider: randomBytes(24).toString('hex'),
  };
  const redisEnv = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const redisUrl = redisEnv === 'off' || options.embeddedDataDir ? undefined : redisEnv;
  const url = `http://127.0.0.1:${port}`;
  const dataDir = options.embeddedDataDir ?? mkdtempSync(path.join(os.tmpdir(), 'wallet-bench-'));
  // BENCH_NODE_ARGS adds node flags to the server only, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
  const extra = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const countsFile = path.join(dataDir, 'queries.json');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    BENCH_QUERY_LOG: countsFile,
    JOBS: 'false',
    LOG_LEVEL: 'warn',
    DEMO_DATA: 'false',
    PROVIDERS: 'sandbox',
    // a benchmark is a staging run on the simulators (production refuses them otherwise, ADR 0017)
    ALLOW_SANDBOX_IN_PRODUCTION: 'true',
    JWT_SECRET: secrets.jwt,
    ENCRYPTION_KEY: secrets.encryption,
    PROVIDER_SECRET: secrets.provider,
    // the member cache needs Redis on PostgreSQL (cross-process eviction); BENCH_REDIS_URL=off runs without it
    ...(redisUrl ? { REDIS_URL: redisUrl, REDIS_PREFIX: `bench-${process.pid}:` } : {}),
    MEMBER_CACHE: process.env.BENCH_MEMBER_CACHE ?? 'auto',
    // no balancer checks a bench process's readiness: stop at once (docs/decisions/0032-rolling-restarts-and-migrations.md)
    SHUTDOWN_DRAIN_MS: '0',
    ...options.env,
  };
  if (options.embeddedDataDir) {
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
  }
  const child = spawn(
    process.execPath,
    [...extra, '--import', 'tsx', '--import', COUNTER_ENTRY, options.entry ?? SERVER_ENTRY],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
      env,
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
    if (!options.embeddedDataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  await waitUntilUp(child, `${url}/health`, stop);
  return { url, secrets, child, stop, queries: () => readCounts(child, countsFile) };
}

/** The raw-stack baseline (baseline-server.ts) in a child process on the same database. */
export async function startBaseline(
  databaseUrl: string,
  /** another baseline (embedded-baseline.ts) and its environment */
  options: { entry?: string; env?: Record<string, string> } = {},
): Promise<{ url: string; child: ChildProcess; queries(): Promise<QueryCounts | null>; stop(): Promise<void> }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const countsFile = path.join(os.tmpdir(), `wallet-bench-baseline-${process.pid}-${port}.json`);
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--import', COUNTER_ENTRY, options.entry ?? BASELINE_ENTRY],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        DATABASE_URL: databaseUrl,
        BENCH_QUERY_LOG: countsFile,
        ...options.env,
      },
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(countsFile, { force: true });
  };
  await waitUntilUp(child, `${url}/read/0`, stop);
  return { url, child, stop, queries: () => readCounts(child, countsFile) };
}

/** How long a process may take to boot (BENCH_BOOT_SECONDS; a machine busy with other work boots slowly). */
const bootSeconds = () => Number(process.env.BENCH_BOOT_SECONDS ?? 60);

async function waitUntilUp(child: ChildProcess, probeUrl: string, stop: () => Promise<void>): Promise<void> {
  for (let i = 0; i < bootSeconds() * 2; i++) {
    if (child.exitCode !== null) throw new Error(`${probeUrl}: process exited with ${child.exitCode}`);
    try {
      const res = await fetch(probeUrl);
      await res.arrayBuffer();
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stop();
  throw new Error(`${probeUrl} did not answer within ${bootSeconds()} s`);
}
