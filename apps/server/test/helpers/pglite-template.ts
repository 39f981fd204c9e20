import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';

/**
 * Migrated, empty databases built once by the global setup (test/global-setup.ts), so a test's fresh database is a
 * copy instead of a migration run: a dumped PGlite data dir (~0.5 s to load), or on PostgreSQL a template database
 * (CREATE DATABASE … TEMPLATE, ~3× quicker than migrating). Both are named by a hash of the migrations, so runs
 * with other migrations (another checkout, a regenerated baseline) never load each other's template.
 */
const MIGRATIONS_DIR = path.join(import.meta.dirname, '../../drizzle');

function migrationFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory() ? migrationFiles(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
    )
    .sort();
}

/** A short hash of every file under apps/server/drizzle (names and contents). */
export function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const file of migrationFiles(MIGRATIONS_DIR)) {
    hash.update(path.relative(MIGRATIONS_DIR, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

export const pgliteTemplatePath = (hash: string) =>
  path.join(import.meta.dirname, `../../../../node_modules/.cache/wallet-pglite-template-${hash}.tar.gz`);

export const postgresTemplateName = (hash: string) => `wt_template_${hash}`;

declare module 'vitest' {
  export interface ProvidedContext {
    /** the migrations hash the global setup built the templates for */
    migrationsHash: string;
  }
}

/** The hash of this run's templates: the global setup's, so a migration edited mid-run does not strand a test. */
export function runTemplateHash(): string {
  try {
    return inject('migrationsHash') ?? migrationsHash();
  } catch {
    return migrationsHash(); // outside a vitest worker
  }
}
