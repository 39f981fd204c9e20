// Every source file over 300 lines says why in its first comment (docs/code-style.md, "Size").
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const MAX_LINES = 300;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'drizzle', 'artifacts', 'coverage', '.git']);
/** a first comment that gives the reason: "Longer than 300 lines by choice: …" or "Over 300 lines on purpose: …" */
const REASON = /(longer than|over) 300 lines/i;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIP_DIRS.has(entry.name) ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.gen\.ts$|\.d\.ts$/.test(entry.name) ? [full] : [];
  });
}

/** The files over the limit whose first lines give no reason. */
function unexplainedLongFiles(files: string[]): string[] {
  return files.filter((file) => {
    const lines = readFileSync(file, 'utf8').split('\n');
    if (lines.at(-1) === '') lines.pop();
    return lines.length > MAX_LINES && !REASON.test(lines.slice(0, 5).join('\n'));
  });
}

describe('long files', () => {
  it('every source file over 300 lines states why in its first comment', () => {
    const files = ['apps', 'packages', 'e2e', 'scripts'].flatMap((top) => sources(path.join(ROOT, top)));
    expect(files.length).toBeGreaterThan(500);
    expect(unexplainedLongFiles(files).map((file) => path.relative(ROOT, file))).toEqual([]);
  });
});
