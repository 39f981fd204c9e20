import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../src/db/client.ts';
import { migrationsHash, pgliteTemplatePath, postgresTemplateName } from './helpers/pglite-template.ts';

/**
 * Migrate one database per run and keep it as the template every test copies (test/helpers/pglite-template.ts):
 * a PGlite dump, or a PostgreSQL template database on DATABASE_URL. A template for the same migrations left by an
 * earlier run is reused.
 */
export default async function setup(project: TestProject): Promise<void> {
  const hash = migrationsHash();
  project.provide('migrationsHash', hash);
  const url = process.env.DATABASE_URL;
  if (url) await postgresTemplate(url, hash);
  else await pgliteTemplate(hash);
}

async function pgliteTemplate(hash: string): Promise<void> {
  const target = pgliteTemplatePath(hash);
  if (existsSync(target)) return;
  const database = await openPglite();
  await database.migrate();
  const client = (database as unknown as { client: { dumpDataDir(c: 'none'): Promise<Blob> } }).client;
  const dump = await client.dumpDataDir('none');
  mkdirSync(path.dirname(target), { recursive: true });
  // several test runs may share the tree: write aside, then rename atomically
  const temp = `${target}.${process.pid}.tmp`;
  writeFileSync(temp, Buffer.from(await dump.arrayBuffer()));
  renameSync(temp, target);
  await database.close();
}

/** PostgreSQL's error codes met here: a name taken, a database still in use by a closing session. */
const DUPLICATE_DATABASE = '42P04';
const OBJECT_IN_USE = '55006';

async function postgresTemplate(url: string, hash: string): Promise<void> {
  const name = postgresTemplateName(hash);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount) return;
    // migrate under a name of our own, then rename: a concurrent run building the same template loses the rename
    const temp = `${name}_${process.pid}`;
    await admin.query(`CREATE DATABASE ${temp}`);
    const target = new URL(url);
    target.pathname = `/${temp}`;
    const database = await openPostgres(target.toString(), 1);
    await database.migrate();
    await database.close();
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(`ALTER DATABASE ${temp} RENAME TO ${name}`);
        return;
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === DUPLICATE_DATABASE) {
          await admin.query(`DROP DATABASE IF EXISTS ${temp} WITH (FORCE)`);
          return;
        }
        // the migration's session may still be closing on the server: wait for it (a bounded wait, not a sleep)
        if (code !== OBJECT_IN_USE || attempt >= 100) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  } finally {
    await admin.end();
  }
}
