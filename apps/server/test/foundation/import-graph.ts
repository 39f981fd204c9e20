// The import graph of apps/server/src, type-only imports and re-exports included (docs/decisions/0028-module-seams.md):
// what the cycle test walks. Relative specifiers only; packages are leaves.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const SERVER_SRC = path.resolve(import.meta.dirname, '../../src');

/** Every .ts source file under `dir` (tests and declaration files left out). */
export function sourceFiles(dir: string = SERVER_SRC): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts')) {
      out.push(full);
    }
  }
  return out;
}

/** file → the files it imports (static, dynamic, `import type`, `export … from`), resolved relative paths only. */
export function importGraph(files: string[] = sourceFiles()): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const info = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    const targets = info.importedFiles
      .map((f) => f.fileName)
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => path.resolve(path.dirname(file), spec))
      .filter((target) => fs.existsSync(target));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The strongly connected components with more than one file (or a file importing itself): each holds a cycle. */
export function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    indexOf.set(v, index);
    low.set(v, index);
    index += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indexOf.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, indexOf.get(w)!));
      }
    }
    if (low.get(v) === indexOf.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component);
    }
  };
  for (const v of graph.keys()) if (!indexOf.has(v)) visit(v);
  return found;
}

/** One concrete loop inside a component, as `a → b → … → a` (paths relative to src). */
export function loopIn(component: string[], graph: Map<string, string[]>): string {
  const members = new Set(component);
  const start = component[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift()!;
    for (const w of graph.get(v) ?? []) {
      if (!members.has(w)) continue;
      if (w === start) {
        const loop = [v];
        let at = v;
        while (at !== start) {
          at = previous.get(at)!;
          loop.unshift(at);
        }
        return [...loop, start].map((f) => path.relative(SERVER_SRC, f)).join(' → ');
      }
      if (!previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  return component.map((f) => path.relative(SERVER_SRC, f)).join(', ');
}
