// Every document the code cites is in the repository (docs/code-style.md: comments cite docs/ or an ADR): a
// `docs/….md` path names a file that exists; a short ADR citation (`docs/decisions/0019`) or one cut by a line wrap
// (`docs/decisions/0046-recovered-sockets-`) starts the name of one.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_SRC } from './import-graph.ts';

const REPO = path.resolve(SERVER_SRC, '../../..');
const ROOTS = ['apps', 'packages', 'e2e', 'scripts', 'eslint'];
const SKIP = new Set(['node_modules', 'dist', 'artifacts', 'test-results']);
const CODE = /\.(ts|tsx|js|mjs|cjs)$/;
/** `docs/…` not inside a URL path (`/docs/json` is a route) */
const CITATION = /(?<![\w/.-])docs\/[\w./-]+/g;

function codeFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIP.has(entry.name) ? [] : codeFiles(full);
    return CODE.test(entry.name) ? [full] : [];
  });
}

/** Whether `citation` (a repository path, maybe a prefix) names a file or folder there, or starts one's name. */
function resolves(citation: string): boolean {
  const cited = citation.replace(/\.$/, ''); // the end of a sentence
  const exists = (p: string) => fs.existsSync(path.join(REPO, p));
  if (exists(cited)) return true;
  if (cited.endsWith('.md')) return false;
  const folder = path.posix.dirname(cited);
  const stem = path.posix.basename(cited);
  if (!exists(folder)) return false;
  return fs.readdirSync(path.join(REPO, folder)).some((name) => name.startsWith(stem));
}

describe('doc citations', () => {
  it('every docs/ path the code cites exists', () => {
    const missing: string[] = [];
    let count = 0;
    // this file's own examples of a missing document left out
    const files = ROOTS.flatMap((root) => codeFiles(path.join(REPO, root))).filter((f) => f !== import.meta.filename);
    for (const file of files) {
      for (const [citation] of fs.readFileSync(file, 'utf8').matchAll(CITATION)) {
        count += 1;
        if (!resolves(citation)) missing.push(`${path.relative(REPO, file)}: ${citation}`);
      }
    }
    expect(count).toBeGreaterThan(100);
    expect([...new Set(missing)], `cited but not in the repository:\n${missing.join('\n')}`).toEqual([]);
  });

  it('tells a missing document from a short or wrapped citation', () => {
    expect(resolves('docs/i18n.md')).toBe(true);
    expect(resolves('docs/money-rules.md.')).toBe(true);
    expect(resolves('docs/decisions/0028')).toBe(true);
    expect(resolves('docs/decisions/0028-module-')).toBe(true);
    expect(resolves('docs/no-such-design.md')).toBe(false);
    expect(resolves('docs/decisions/9999')).toBe(false);
  });
});
