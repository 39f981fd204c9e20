import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { installAfterCommit } from '../observability/after-commit.ts';
import * as schema from './schema/index.ts';

type Schema = typeof schema;
/** Both drivers share this type, so services never know which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query API. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** the connection string of a PostgreSQL database (the job runner opens its own pool on it) */
  url?: string;
  migrate(): Promise<void>;
  close(): Promise<void>;
};

const MIGRATIONS_DIR = path.join(import.meta.dirname, '../../drizzle');

// int8 as a JS bigint would leak into JSON; money columns use mode:'bigint' in drizzle, counts come back as strings.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v);

/**
 * Sends drizzle's named statements (`.prepare('name')`) unnamed: a transaction-mode pooler (PgBouncer 1.18) gives
 * each transaction another server connection, where a statement parsed on an earlier one does not exist (error
 * 26000). Unnamed statements are parsed with every execution, inside the one transaction (docs/operations.md).
 */
function withoutNamedStatements(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) => {
      if (config && typeof config === 'object' && 'name' in config) {
        const { name: _name, ...unnamed } = config as Record<string, unknown>;
        return query(unnamed, ...rest);
      }
      return query(config, ...rest);
    };
  });
}

/** Pools whose connections may not keep a statement between transactions (`preparedStatements: false`). */
const unpreparedPools = new WeakSet<object>();

/**
 * Whether `db`'s connections keep prepared statements: not through a transaction-mode pooler. The money moves'
 * prepared scripts (db/prepared-script.ts) need it; without it they send literals (docs/decisions/0051).
 */
export function keepsPreparedStatements(db: Db): boolean {
  return !unpreparedPools.has((db as unknown as { $client: object }).$client);
}

export async function openPostgres(
  url: string,
  poolSize = 20,
  options: { preparedStatements?: boolean } = {},
): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on('error', () => {
    // an idle client died (server restart, pg_terminate_backend); the pool replaces it
  });
  if (options.preparedStatements === false) {
    withoutNamedStatements(pool);
    unpreparedPools.add(pool);
  }
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  installAfterCommit(db);
  return {
    db,
    kind: 'postgres',
    url,
    migrate: () => migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => pool.end(),
  };
}

export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<Database> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = new PGlite({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  installAfterCommit(db);
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
    ...{ client },
  };
}

export async function openDatabase(config: {
  databaseUrl: string | undefined;
  dataDir: string;
  databasePreparedStatements?: boolean;
}): Promise<Database> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, 20, { preparedStatements: config.databasePreparedStatements ?? true })
    : openPglite({ dataDir: path.join(config.dataDir, 'pglite') });
}
