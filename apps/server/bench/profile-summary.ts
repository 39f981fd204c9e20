/**
 * `npx tsx bench/profile-summary.ts <file.cpuprofile> [top]`: the top frames of a V8 CPU profile (from
 * `BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" npm run bench`) by self time, and the share of samples
 * each package (or our src/ folder) is on the stack of. Bench only.
 */
import { readFileSync } from 'node:fs';

type Frame = { functionName: string; url: string; lineNumber: number };
type Node = { id: number; callFrame: Frame; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const [file, topArg] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [top]');
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

/** node_modules package, our source folder, node: internals or the VM's own entries */
function area(frame: Frame): string {
  const url = frame.url;
  if (!url) return `(${frame.functionName || 'vm'})`;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  const src = /apps\/server\/src\/(.+?)\/[^/]+$/.exec(url);
  if (src) return `src/${src[1]}`;
  if (url.startsWith('node:')) return url;
  return url.split('/').slice(-2).join('/');
}

const label = (f: Frame) =>
  `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*node_modules\//, '').replace(/^.*apps\/server\//, '')}:${f.lineNumber + 1}`;

const self = new Map<string, number>();
const onStack = new Map<string, number>();
let total = 0;
for (const id of profile.samples) {
  const node = byId.get(id);
  if (!node) continue;
  total++;
  self.set(label(node.callFrame), (self.get(label(node.callFrame)) ?? 0) + 1);
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const a = area(byId.get(cur)!.callFrame);
    if (!seen.has(a)) {
      seen.add(a);
      onStack.set(a, (onStack.get(a) ?? 0) + 1);
    }
  }
}

const pct = (n: number) => `${((n / total) * 100).toFixed(1).padStart(5)}%`;
const idle = self.get('(idle) :0') ?? 0;
console.log(`${total} samples, ${pct(idle)} idle\n\ntop frames by self time:`);
for (const [name, n] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(n)}  ${name}`);
console.log('\nshare of samples with the area on the stack:');
for (const [name, n] of [...onStack].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(n)}  ${name}`);
