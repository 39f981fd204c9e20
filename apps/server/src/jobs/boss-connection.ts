import PgBoss from 'pg-boss';
import type { Database, Tx } from '../db/client.ts';

/** What pg-boss needs from a connection: run one SQL text with parameters. */
export type SqlExecutor = { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

type PgliteLike = {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  exec(text: string): Promise<Array<{ rows: unknown[] }>>;
};

/**
 * PGlite's `query()` takes one statement; pg-boss also sends parameterless multi-statement strings (its
 * migrations), which go through `exec()` (docs/dependencies.md §1, pitfall e).
 */
function pgliteExecutor(client: PgliteLike): SqlExecutor {
  return {
    async executeSql(text, values) {
      if (values?.length) return client.query(text, values);
      const results = await client.exec(text);
      return results[results.length - 1] ?? { rows: [] };
    },
  };
}

/**
 * The connection of a drizzle transaction, so pg-boss writes a job inside the caller's transaction (it commits or
 * rolls back with it). drizzle keeps it in `tx.session.client` (a PoolClient on node-postgres, a PGlite
 * Transaction on PGlite): not in its public types, verified on both drivers (docs/dependencies.md §1, pitfall d).
 */
export function txExecutor(tx: Tx): SqlExecutor {
  const client = (tx as unknown as { session?: { client?: unknown } }).session?.client;
  if (!client || typeof (client as { query?: unknown }).query !== 'function') {
    throw new Error('jobs: this drizzle version no longer exposes the transaction client (tx.session.client)');
  }
  if (typeof (client as { exec?: unknown }).exec === 'function') return pgliteExecutor(client as PgliteLike);
  const pgClient = client as { query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };
  return { executeSql: (text, values) => pgClient.query(text, values) };
}

export type BossOptions = {
  /** how often an idle worker polls its queue (pg-boss minimum 0.5 s) */
  pollingIntervalSeconds: number;
  /** the pg-boss schema (tests on one server may isolate by database instead) */
  schema?: string;
};

/**
 * One pg-boss per process. On PostgreSQL it gets its own small pool (claims use SKIP LOCKED, so every process may
 * run workers); on the embedded PGlite it shares the app's single connection through `executeSql`.
 * pg-boss's own cron is off: schedules are claimed by the runner per Bangkok wall-clock slot (ADR 0011).
 */
export function createBoss(database: Database, options: BossOptions): PgBoss {
  const common = {
    schema: options.schema ?? 'pgboss',
    schedule: false,
    supervise: true,
    migrate: true,
    pollingIntervalSeconds: options.pollingIntervalSeconds,
  };
  if (database.kind === 'postgres') {
    if (!database.url) throw new Error('jobs: a PostgreSQL database needs its connection string for pg-boss');
    return new PgBoss({ ...common, connectionString: database.url, max: 4, application_name: 'wallet-jobs' });
  }
  const client = (database as unknown as { client?: PgliteLike }).client;
  if (!client) throw new Error('jobs: the PGlite database does not expose its client');
  return new PgBoss({ ...common, db: pgliteExecutor(client) as PgBoss.Db });
}
