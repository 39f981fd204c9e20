import { existsSync } from 'node:fs';
import path from 'node:path';
import { openDatabase, type Database } from '../db/client.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../..');

/**
 * The database a maintenance script checks: DATABASE_URL, else the embedded PGlite in DATA_DIR (default ./data at
 * the repository root, like `npm start`), read without generating secrets or creating DATA_DIR. Returns a message
 * instead when there is nothing to open, or a running server holds the PGlite files (unless `--force`).
 */
export async function openScriptDatabase(name: string): Promise<{ database: Database; where: string } | string> {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(ROOT, 'data'));
  if (!databaseUrl) {
    const dir = path.join(dataDir, 'pglite');
    if (!existsSync(path.join(dir, 'PG_VERSION'))) {
      return `${name}: no embedded database at ${dir} (start the app once, or set DATABASE_URL)`;
    }
    // PGlite is single-process: opening the files a running server holds would corrupt them
    if (existsSync(path.join(dir, 'postmaster.pid')) && !process.argv.includes('--force')) {
      return `${name}: ${dir} is in use (a server is running on it); stop it first, or pass --force after a crash`;
    }
  }
  const database = await openDatabase({
    databaseUrl,
    dataDir,
    // behind PgBouncer in transaction mode (docs/operations.md)
    databasePreparedStatements: process.env.DATABASE_PREPARED_STATEMENTS !== 'false',
  });
  return { database, where: database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${dataDir}` };
}
