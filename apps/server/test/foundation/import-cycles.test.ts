// No import cycles, type-only ones included (docs/decisions/0028-module-seams.md): in apps/server/src, and in the
// apps and packages beside it.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cycles, importGraph, loopIn, SERVER_SRC } from './import-graph.ts';

const REPO = path.resolve(SERVER_SRC, '../../..');

/** Every .ts and .tsx source file under `dir` (tests, declarations, node_modules and dist left out). */
function webSources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return ['node_modules', 'dist'].includes(entry.name) ? [] : webSources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')
      ? [full]
      : [];
  });
}

describe('server import graph', () => {
  it('has no cycle, `import type` and re-exports included', () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(100);
    const loops = cycles(graph).map((component) => loopIn(component, graph));
    expect(loops, `import cycles:\n${loops.join('\n')}`).toEqual([]);
  });

  it.each([
    'apps/player/src',
    'apps/backoffice/src',
    'packages/contract/src',
    'packages/web-core/src',
    'packages/ui/src',
    'packages/sandbox/src',
  ])('%s has no cycle either', (dir) => {
    const graph = importGraph(webSources(path.join(REPO, dir)));
    expect(graph.size).toBeGreaterThan(5);
    const loops = cycles(graph).map((component) => loopIn(component, graph));
    expect(loops, `import cycles:\n${loops.join('\n')}`).toEqual([]);
  });

  it('finds a cycle when one exists (type-only edges count)', () => {
    const graph = new Map([
      ['/src/a.ts', ['/src/b.ts']],
      ['/src/b.ts', ['/src/c.ts']],
      ['/src/c.ts', ['/src/a.ts']],
      ['/src/d.ts', ['/src/a.ts']],
    ]);
    const found = cycles(graph);
    expect(found).toHaveLength(1);
    expect(new Set(found[0])).toEqual(new Set(['/src/a.ts', '/src/b.ts', '/src/c.ts']));
  });
});
