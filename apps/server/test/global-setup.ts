import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openPglite } from '../src/db/client.ts';
import { PGLITE_TEMPLATE } from './helpers/pglite-template.ts';

/** Migrate one PGlite and dump it; tests load the dump instead of migrating again. */
export default async function setup(): Promise<void> {
  if (process.env.DATABASE_URL) return;
  const database = await openPglite();
  await database.migrate();
  const client = (database as unknown as { client: { dumpDataDir(c: 'none'): Promise<Blob> } }).client;
  const dump = await client.dumpDataDir('none');
  mkdirSync(path.dirname(PGLITE_TEMPLATE), { recursive: true });
  // several test runs may share the tree: write aside, then rename atomically
  const temp = `${PGLITE_TEMPLATE}.${process.pid}.tmp`;
  writeFileSync(temp, Buffer.from(await dump.arrayBuffer()));
  renameSync(temp, PGLITE_TEMPLATE);
  await database.close();
}
