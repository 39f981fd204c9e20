/**
 * Migrations that never stop the site (docs/decisions/0032-rolling-restarts-and-migrations.md), run as
 * `npx tsx scripts/ops/check-migrations.ts`:
 *  (a) a migration already released (its SHA-256 in apps/server/drizzle/released.json) is never edited;
 *  (b) a migration not released yet holds only expand-phase statements: nothing the code still running (the previous
 *      release, side by side during a rolling restart) could trip on. Contract-phase statements — DROP TABLE/COLUMN,
 *      RENAME, a column type change, SET NOT NULL, a NOT NULL column without a default, an index or foreign key
 *      built on an existing table while it is locked — fail unless the statement carries
 *      `-- migration: contract (<why it is safe now>)`: the release after the one that stopped using the thing.
 * `--release` records every migration's hash in released.json (the release step, from the first production release).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const DRIZZLE_DIR = path.resolve(import.meta.dirname, '../../drizzle');
const MARK = /--\s*migration:\s*contract\s*\(\s*\S[^)]*\)/i;

type Journal = { entries: Array<{ tag: string; when: number }> };
/** tag → SHA-256 of `<tag>.sql` at release */
export type Released = { migrations: Record<string, string> };

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function readJournal(dir: string): Journal {
  return JSON.parse(readFileSync(path.join(dir, 'meta/_journal.json'), 'utf8')) as Journal;
}

export function readReleased(dir: string): Released {
  const file = path.join(dir, 'released.json');
  if (!existsSync(file)) return { migrations: {} }; // before the first production release nothing is released
  return JSON.parse(readFileSync(file, 'utf8')) as Released;
}

/** (a): every released migration is still there, byte for byte. */
export function checkReleased(dir: string, released: Released): string[] {
  const problems: string[] = [];
  const tags = new Set(readJournal(dir).entries.map((e) => e.tag));
  for (const [tag, hash] of Object.entries(released.migrations)) {
    const file = path.join(dir, `${tag}.sql`);
    if (!tags.has(tag) || !existsSync(file)) problems.push(`${tag}: released, but no longer in the migrations`);
    else if (sha256(readFileSync(file, 'utf8')) !== hash) {
      problems.push(`${tag}: released, and edited since: add a new migration instead`);
    }
  }
  return problems;
}

/** (b): the contract-phase statements of one migration's SQL that carry no marker. */
export function lintMigration(tag: string, text: string): string[] {
  const statements = text.split('--> statement-breakpoint');
  const created = new Set<string>();
  for (const s of statements) {
    const table = /create\s+table\s+(?:if\s+not\s+exists\s+)?("?[\w.]+"?(?:\."?\w+"?)?)/i.exec(s)?.[1];
    if (table) created.add(bare(table));
  }
  const problems: string[] = [];
  for (const raw of statements) {
    const s = raw.replace(/--(?!\s*migration:).*$/gm, '').trim();
    if (!s || MARK.test(raw)) continue;
    const sql = s.replace(/\s+/g, ' ');
    const altered = /alter\s+table\s+(?:only\s+)?(?:if\s+exists\s+)?("?[\w.]+"?(?:\."?\w+"?)?)/i.exec(sql)?.[1];
    const onExisting = altered !== undefined && !created.has(bare(altered));
    const indexed = /create\s+(?:unique\s+)?index\s+(?!concurrently)[^;]*?\son\s+("?[\w.]+"?(?:\."?\w+"?)?)/i.exec(
      sql,
    )?.[1];
    const reasons = [
      [/\bdrop\s+table\b/i, 'DROP TABLE'],
      [/\bdrop\s+column\b/i, 'DROP COLUMN'],
      [/\brename\b/i, 'RENAME'],
      [/\balter\s+column\s+\S+\s+(?:set\s+data\s+)?type\b/i, 'a column type change'],
      [/\bset\s+not\s+null\b/i, 'SET NOT NULL'],
    ] as const;
    for (const [pattern, what] of reasons) if (pattern.test(sql)) problems.push(`${tag}: ${what}: ${clip(sql)}`);
    if (onExisting && /\badd\s+column\b/i.test(sql) && /\bnot\s+null\b/i.test(sql) && !/\bdefault\b/i.test(sql)) {
      problems.push(`${tag}: a NOT NULL column without a default on an existing table: ${clip(sql)}`);
    }
    if (onExisting && /\bforeign\s+key\b/i.test(sql) && !/\bnot\s+valid\b/i.test(sql)) {
      problems.push(`${tag}: a foreign key on an existing table without NOT VALID: ${clip(sql)}`);
    }
    if (indexed && !created.has(bare(indexed))) {
      problems.push(`${tag}: an index on an existing table, built while it is locked: ${clip(sql)}`);
    }
  }
  return problems;
}

const bare = (name: string) => name.replace(/"/g, '').replace(/^public\./, '');
const clip = (sql: string) => (sql.length > 140 ? `${sql.slice(0, 137)}...` : sql);

/** Both checks over a drizzle folder; `[]` when all is well. */
export function checkMigrations(dir: string): string[] {
  const released = readReleased(dir);
  const problems = checkReleased(dir, released);
  for (const { tag } of readJournal(dir).entries) {
    if (tag in released.migrations) continue;
    const file = path.join(dir, `${tag}.sql`);
    if (!existsSync(file)) problems.push(`${tag}: in the journal, but ${tag}.sql is missing`);
    else problems.push(...lintMigration(tag, readFileSync(file, 'utf8')));
  }
  return problems;
}

/** Record the hash of every migration as released (run by the release, never by hand on an edited file). */
export function releaseMigrations(dir: string): Released {
  const released = readReleased(dir);
  for (const { tag } of readJournal(dir).entries) {
    released.migrations[tag] ??= sha256(readFileSync(path.join(dir, `${tag}.sql`), 'utf8'));
  }
  writeFileSync(path.join(dir, 'released.json'), `${JSON.stringify(released, null, 2)}\n`);
  return released;
}

if (process.argv[1] && /check-migrations\.ts$/.test(process.argv[1])) {
  if (process.argv.includes('--release')) {
    const released = releaseMigrations(DRIZZLE_DIR);
    console.log(`check-migrations: ${Object.keys(released.migrations).length} migration(s) recorded as released`);
  } else {
    const problems = checkMigrations(DRIZZLE_DIR);
    const count = readJournal(DRIZZLE_DIR).entries.length;
    const frozen = Object.keys(readReleased(DRIZZLE_DIR).migrations).length;
    for (const p of problems) console.error(`  ${p}`);
    console.log(
      `check-migrations: ${count} migration(s), ${frozen} released; ${problems.length === 0 ? 'OK' : `${problems.length} problem(s)`}`,
    );
    if (problems.length > 0) process.exitCode = 1;
  }
}
