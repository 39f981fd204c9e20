/**
 * deploy/env/member-wallet.env.example names every setting the server's config schemas read (a sysadmin copies it
 * and fills it in): the schemas are the truth, the template must follow them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const SCHEMAS = ['apps/server/src/config/env.ts', 'apps/server/src/providers/storage/storage-config.ts'];
/** the unit's instance name sets it (deploy/systemd/member-wallet@.service) */
const SET_BY_THE_UNIT = new Set(['PORT']);

function schemaKeys(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  return [...text.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]!);
}

describe('deploy/env/member-wallet.env.example', () => {
  it('names every variable the config schemas read, set or commented out', () => {
    const template = readFileSync(path.join(ROOT, 'deploy/env/member-wallet.env.example'), 'utf8');
    const named = new Set([...template.matchAll(/^#?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]!));
    const missing = SCHEMAS.flatMap(schemaKeys).filter((key) => !named.has(key) && !SET_BY_THE_UNIT.has(key));
    expect(missing, 'add these to deploy/env/member-wallet.env.example').toEqual([]);
  });
});
