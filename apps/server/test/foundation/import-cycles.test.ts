// No import cycles in apps/server/src, type-only ones included (docs/decisions/0028-module-seams.md).
import { describe, expect, it } from 'vitest';
import { cycles, importGraph, loopIn } from './import-graph.ts';

describe('server import graph', () => {
  it('has no cycle, `import type` and re-exports included', () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(100);
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
