/**
 * docs/configuration.md names every environment variable the server's config schemas read, and no other: the
 * schemas are the truth, the page must follow them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const SCHEMAS = ['apps/server/src/config/env.ts', 'apps/server/src/providers/storage/storage-config.ts'];

/** the keys of every `z.object({ … })` in a file: lines `  NAME: z…` */
function schemaKeys(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  return [...text.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]!);
}

/** the variables the page's tables name in their first column */
function documented(): string[] {
  const page = readFileSync(path.join(ROOT, 'docs/configuration.md'), 'utf8');
  return page
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]!));
}

describe('docs/configuration.md', () => {
  const read = new Set(SCHEMAS.flatMap(schemaKeys));
  const named = new Set(documented());

  it('documents every variable the config schemas read', () => {
    expect(
      [...read].filter((name) => !named.has(name)),
      'add these to docs/configuration.md',
    ).toEqual([]);
  });

  it('names no variable the server does not read', () => {
    expect(
      [...named].filter((name) => !read.has(name)),
      'remove these from docs/configuration.md',
    ).toEqual([]);
  });
});
