import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { postgresTemplateName, runTemplateHash } from './pglite-template.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../..');

/** A new, migrated PostgreSQL database on DATABASE_URL (a copy of the run's template); `drop()` removes it. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = process.env.DATABASE_URL;
  if (!admin) throw new Error('DATABASE_URL is not set');
  const name = `wp_${process.pid}_${randomBytes(5).toString('hex')}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name} TEMPLATE ${postgresTemplateName(runTemplateHash())}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export type ServerProcess = { base: string; output(): string; stop(): Promise<void> };

/** Poll `check` until it holds or `ms` passes (a deadline, not a sleep); returns whether it held. */
export async function pollUntil(check: () => Promise<boolean>, ms: number, everyMs = 25): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check().catch(() => false)) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

function collect(child: ChildProcess): () => string {
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => output;
}

/** The real server (apps/server/src/server.ts) in its own process with `env`; resolves once it answers. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'wallet-proc-')),
      JOBS: 'false',
      LOG_LEVEL: 'error',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = collect(child);
  const base = `http://127.0.0.1:${port}`;
  const up = await pollUntil(
    async () => {
      if (child.exitCode !== null) throw new Error('exited');
      return (await fetch(`${base}/api/lookup/banks`)).ok;
    },
    60_000,
    100,
  );
  if (!up) {
    child.kill('SIGKILL');
    throw new Error(`server did not start:\n${output()}`);
  }
  return {
    base,
    output,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Run a server script (apps/server/src/scripts/…) to completion with `env`; rejects on a non-zero exit. */
export async function runServerScript(script: string, args: string[], env: Record<string, string>): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', `apps/server/src/scripts/${script}`, ...args], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = collect(child);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`${script} exited with ${code}:\n${output()}`);
  return output();
}
