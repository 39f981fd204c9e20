import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkMigrations, DRIZZLE_DIR, lintMigration, releaseMigrations } from '../../src/scripts/check-migrations.ts';

/** The migration rules of docs/decisions/0032-rolling-restarts-and-migrations.md. */
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function drizzleDir(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wallet-migrations-'));
  dirs.push(dir);
  mkdirSync(path.join(dir, 'meta'));
  const entries = Object.keys(files).map((tag, idx) => ({
    idx,
    version: '7',
    when: 1000 + idx,
    tag,
    breakpoints: true,
  }));
  writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ version: '7', dialect: 'postgresql', entries }));
  for (const [tag, sql] of Object.entries(files)) writeFileSync(path.join(dir, `${tag}.sql`), sql);
  return dir;
}

const BASELINE = [
  'CREATE TABLE "members" ("id" integer PRIMARY KEY NOT NULL, "name" text NOT NULL);',
  'CREATE INDEX "members_name_idx" ON "members" USING btree ("name");',
  'ALTER TABLE "members" ADD CONSTRAINT "m_fk" FOREIGN KEY ("id") REFERENCES "members"("id");',
].join('\n--> statement-breakpoint\n');

describe('check-migrations', () => {
  it('passes the baseline of this repository', () => {
    expect(checkMigrations(DRIZZLE_DIR)).toEqual([]);
  });

  it('allows the expand phase: a new table with its indexes, a nullable column, a column with a default', () => {
    const expand = [
      'CREATE TABLE "notes" ("id" integer PRIMARY KEY NOT NULL, "member_id" integer NOT NULL);',
      'CREATE INDEX "notes_member_idx" ON "notes" USING btree ("member_id");',
      'ALTER TABLE "notes" ADD CONSTRAINT "notes_fk" FOREIGN KEY ("member_id") REFERENCES "members"("id");',
      'ALTER TABLE "members" ADD COLUMN "nickname" text;',
      'ALTER TABLE "members" ADD COLUMN "tier" integer DEFAULT 0 NOT NULL;',
      'ALTER TABLE "members" ADD CONSTRAINT "members_notes_fk" FOREIGN KEY ("id") REFERENCES "notes"("id") NOT VALID;',
    ].join('\n--> statement-breakpoint\n');
    expect(lintMigration('0001_expand', expand)).toEqual([]);
  });

  it('refuses each contract-phase statement without its marker', () => {
    const statements = [
      'DROP TABLE "notes";',
      'ALTER TABLE "members" DROP COLUMN "nickname";',
      'ALTER TABLE "members" RENAME COLUMN "name" TO "full_name";',
      'ALTER TABLE "members" ALTER COLUMN "tier" SET DATA TYPE bigint;',
      'ALTER TABLE "members" ALTER COLUMN "nickname" SET NOT NULL;',
      'ALTER TABLE "members" ADD COLUMN "code" text NOT NULL;',
      'CREATE INDEX "members_tier_idx" ON "members" USING btree ("tier");',
      'ALTER TABLE "members" ADD CONSTRAINT "x_fk" FOREIGN KEY ("id") REFERENCES "notes"("id");',
    ];
    const problems = lintMigration('0002_contract', statements.join('\n--> statement-breakpoint\n'));
    expect(problems.map((p) => p.split(':')[1]!.trim())).toEqual([
      'DROP TABLE',
      'DROP COLUMN',
      'RENAME',
      'a column type change',
      'SET NOT NULL',
      'a NOT NULL column without a default on an existing table',
      'an index on an existing table, built while it is locked',
      'a foreign key on an existing table without NOT VALID',
    ]);
    const marked =
      '-- migration: contract (the release before stopped reading "nickname")\nALTER TABLE "members" DROP COLUMN "nickname";';
    expect(lintMigration('0002_contract', marked)).toEqual([]);
    expect(lintMigration('0002_contract', '-- migration: contract ()\nDROP TABLE "notes";')).toHaveLength(1);
  });

  it('fails when a released migration is edited, and lints only the unreleased ones', () => {
    const dir = drizzleDir({ '0000_init': BASELINE });
    expect(checkMigrations(dir)).toEqual([]);
    releaseMigrations(dir);
    expect(checkMigrations(dir)).toEqual([]);
    writeFileSync(path.join(dir, '0000_init.sql'), `${BASELINE}\n-- a late fix`);
    expect(checkMigrations(dir)).toEqual(['0000_init: released, and edited since: add a new migration instead']);
    writeFileSync(path.join(dir, '0000_init.sql'), BASELINE);
    rmSync(path.join(dir, '0000_init.sql'));
    expect(checkMigrations(dir)[0]).toContain('0000_init: released, but no longer in the migrations');
  });
});
