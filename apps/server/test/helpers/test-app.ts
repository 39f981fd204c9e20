import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { buildApp, type BuiltApp } from '../../src/app.ts';
import { FakeClock, type Clock } from '../../src/clock.ts';
import { loadConfig, type Config } from '../../src/config/env.ts';
import { openPglite, openPostgres, type Database } from '../../src/db/client.ts';
import { OutboxRelay } from '../../src/events/outbox-relay.ts';
import type { ModuleFactory } from '../../src/http/handlers.ts';
import { pgliteTemplatePath, postgresTemplateName, runTemplateHash } from './pglite-template.ts';

export type TestApp = BuiltApp & { database: Database; config: Config; clock: FakeClock; close(): Promise<void> };

/**
 * A fresh, migrated database per call, copied from the run's template (test/helpers/pglite-template.ts): a new
 * PostgreSQL database on DATABASE_URL, else a PGlite loaded from the dump.
 */
export async function freshDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  const hash = runTemplateHash();
  if (!url) return openPglite({ loadDataDir: new Blob([readFileSync(pgliteTemplatePath(hash))]) });
  const name = `wt_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 7)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${postgresTemplateName(hash)}`);
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openPostgres(target.toString(), 30);
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    clock?: Clock;
    modules?: ModuleFactory[];
    /** capture the app's log lines (set `env.LOG_LEVEL` too: the default is silent) */
    logStream?: DestinationStream;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wallet-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JOBS: 'false',
    PUBLIC_URL: 'http://localhost:3999',
    ...options.env,
  });
  const database = await freshDatabase();
  const clock = (options.clock as FakeClock | undefined) ?? new FakeClock();
  const built = await buildApp({
    config,
    database,
    clock,
    ...(options.modules ? { modules: options.modules } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
  });
  await built.app.ready();
  return {
    ...built,
    database,
    config,
    clock,
    close: async () => {
      await built.app.close();
      await database.close();
    },
  };
}

/**
 * Deliver every due outbox event to the app's module subscribers now, as the job runner's relay would after commit
 * (test apps run with JOBS off). Returns how many events were delivered.
 */
export async function deliverOutbox(t: Pick<BuiltApp, 'ctx' | 'modules'>): Promise<number> {
  const relay = new OutboxRelay({
    db: t.ctx.db,
    log: t.ctx.log,
    subscribers: t.modules.flatMap((m) => m.subscribers ?? []),
    runner: 'test',
  });
  let delivered = 0;
  for (;;) {
    const round = await relay.deliverDue();
    delivered += round.delivered;
    if (round.claimed === 0) return delivered;
  }
}
