import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { playerDistFor, ROOT_DIR } from './paths.ts';
import { prepareBackofficeDist, preparePlayerDist } from './player-build.ts';

const run = promisify(execFile);
const SERVER_ENTRY = path.join('apps', 'server', 'src', 'server.ts');
const SITE_STATUS_CLI = path.join('apps', 'server', 'src', 'scripts', 'site-status.ts');
const READY_TIMEOUT_MS = 90_000;
/** A server that migrates its own database (the Lao variant, seeds of its own) starts in over 90 s on a busy machine. */
const COLD_READY_TIMEOUT_MS = 240_000;
const STOP_TIMEOUT_MS = 10_000;

export type ServerOptions = {
  /** extra environment for the server process (wins over the defaults below) */
  env?: Record<string, string>;
  /** reuse a data directory (otherwise a fresh temp dir, removed on stop) */
  dataDir?: string;
  /** set the site status with the operator CLI before the server starts */
  siteStatus?: 'active' | 'terminated';
  /** th (default) or la: la builds and serves the VITE_VARIANT=la player and runs the server with VARIANT=la */
  variant?: 'th' | 'la';
  /** serve this player build instead (also read from the PLAYER_DIST environment variable) */
  playerDist?: string;
  /** the host name of PUBLIC_URL and `url` (default 127.0.0.1); passkeys need a domain such as localhost (ADR 0040) */
  publicHost?: string;
  /** how long to wait for GET /api/lookup/active (default 90 s) */
  readyTimeoutMs?: number;
};

export type RunningServer = {
  url: string;
  port: number;
  dataDir: string;
  /** everything the server printed so far */
  logs(): string;
  stop(): Promise<void>;
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Runs the operator CLI `site-status.ts` against a data directory (the server must not be running on it). */
export async function setSiteStatus(
  dataDir: string,
  status: 'active' | 'terminated',
  env: Record<string, string> = {},
): Promise<void> {
  await run(process.execPath, ['--import', 'tsx', SITE_STATUS_CLI, status], {
    cwd: ROOT_DIR,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
  });
}

async function waitUntilReady(url: string, child: ChildProcess, logs: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`server exited with ${child.exitCode} before it was ready:\n${logs()}`);
    try {
      // a terminated site answers 410 gone: that is ready too
      const response = await fetch(`${url}/api/lookup/active`, { signal: AbortSignal.timeout(2000) });
      if (response.status === 200 || response.status === 410) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server not ready after ${timeoutMs} ms:\n${logs()}`);
}

/** The environment variable naming the migrated database a fresh server copies (made by the global setup). */
export const DATA_TEMPLATE_ENV = 'E2E_DATA_TEMPLATE';

/** Variables that change what a new database is seeded with: a server given one of them starts from empty. */
const SEED_ENV = ['DEMO_DATA', 'VARIANT', 'DATABASE_URL', 'DATA_DIR'];

/**
 * A migrated, seeded PGlite database without demo data, made once per test run (the global setup): a server's
 * fresh data directory starts as a copy of it instead of an empty cluster (initdb is most of a cold start: ~20 s of
 * ~36 s on the loaded 2-core machine, against ~0.2 s to copy). Only `pglite/` is kept: every server makes its own
 * secrets (JWT, encryption key) and then seeds its own demo member and operators, each with its own TOTP secret, as
 * a server on an empty directory does. Returns the directory to remove at teardown.
 */
export async function prepareDataTemplate(): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wallet-e2e-template-'));
  // once per run, before any test: a loaded machine may take longer than a test's server is given
  const server = await startServer({ dataDir, env: { DEMO_DATA: 'false' }, readyTimeoutMs: 240_000 });
  await server.stop();
  rmSync(path.join(dataDir, 'secrets.json'), { force: true });
  rmSync(path.join(dataDir, 'uploads'), { recursive: true, force: true });
  return dataDir;
}

/**
 * Starts the real server (`node --import tsx apps/server/src/server.ts`) on a free loopback port with a fresh
 * PGlite data directory (a copy of the run's template when there is one: the th variant, no `env` that changes the seeds),
 * demo data on and LOG_LEVEL=warn, and waits for GET /api/lookup/active.
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const variant = options.variant ?? 'th';
  const ownsDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'wallet-e2e-'));
  const template = process.env[DATA_TEMPLATE_ENV];
  const seedsAsTemplate = variant === 'th' && !Object.keys(options.env ?? {}).some((key) => SEED_ENV.includes(key));
  const fromTemplate = ownsDataDir && template && seedsAsTemplate && existsSync(path.join(template, 'pglite'));
  if (fromTemplate) cpSync(path.join(template, 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
  const playerDist =
    options.playerDist ??
    (variant === 'la' ? preparePlayerDist('la') : (process.env.PLAYER_DIST ?? playerDistFor('th')));
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_DATA: 'true',
    LOG_LEVEL: 'warn',
    VARIANT: variant,
    PLAYER_DIST: playerDist,
    BACKOFFICE_DIST: process.env.BACKOFFICE_DIST ?? prepareBackofficeDist(),
    ...options.env,
  };
  if (options.siteStatus) await setSiteStatus(dataDir, options.siteStatus, env);

  const port = await freePort();
  const url = `http://${options.publicHost ?? '127.0.0.1'}:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    cwd: ROOT_DIR,
    env: { ...process.env, PUBLIC_URL: url, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const logs = () => output;

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    }
    if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntilReady(
      url,
      child,
      logs,
      options.readyTimeoutMs ?? (fromTemplate ? READY_TIMEOUT_MS : COLD_READY_TIMEOUT_MS),
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, port, dataDir, logs, stop };
}
