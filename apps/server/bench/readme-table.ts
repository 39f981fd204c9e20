/**
 * `npm run bench:readme [-- <results.json>]`: rewrites the bench table of docs/performance.md (between the `bench-table`
 * markers) from a bench run's JSON (default bench/results/latest.json, written by `npm run bench`). Bench only.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

type Scenario = {
  name: string;
  baseline?: string;
  against?: string;
  ratio?: number | null;
  note?: string;
  check?: string;
  rps?: number;
  latencyMs?: { p50: number; p99: number };
  errors?: number;
  non2xx?: number;
  roundTripsPerRequest?: number;
  loadAverage?: number | null;
};
type Results = { at: string; node: string; postgres?: string; cpus: number; cpuModel?: string; scenarios: Scenario[] };

const TARGET = path.resolve(import.meta.dirname, '../../../docs/performance.md');
const START = '<!-- bench-table:start (npm run bench:readme) -->';
const END = '<!-- bench-table:end -->';

const file = process.argv[2] ?? path.resolve(import.meta.dirname, 'results', 'latest.json');
const run = JSON.parse(readFileSync(file, 'utf8')) as Results;
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const cell = (s: string) => s.replace(/\|/g, '\\|');

const loads = run.scenarios.map((s) => s.loadAverage ?? 0).filter((l) => l > 0);
const lines = [
  `Run of ${run.at.slice(0, 16).replace('T', ' ')} UTC: Node ${run.node}, PostgreSQL ${run.postgres ?? '?'}, ${run.cpus} CPUs` +
    ` (${run.cpuModel ?? '?'}), 1-min load average ${fmt(Math.min(...loads), 1)}–${fmt(Math.max(...loads), 1)} during the` +
    ' run; compare the ratios, not the absolute figures.',
  '',
  '| scenario | req/s | vs baseline | p50 ms | p99 ms | DB round trips/req | errors | non-2xx |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
];
for (const s of run.scenarios) {
  if (s.rps === undefined) {
    lines.push(`| ${cell(s.name)} | ${cell(s.note ?? '')} | | | | | | |`);
    continue;
  }
  const vs = s.baseline
    ? '100% (baseline)'
    : typeof s.ratio === 'number'
      ? `${fmt(s.ratio * 100)}% of ${s.against}`
      : '';
  lines.push(
    `| ${cell(s.name)} | ${fmt(s.rps)} | ${vs} | ${fmt(s.latencyMs?.p50 ?? 0, 1)} | ${fmt(s.latencyMs?.p99 ?? 0, 1)} | ${
      s.roundTripsPerRequest === undefined ? '' : fmt(s.roundTripsPerRequest, 1)
    } | ${fmt(s.errors ?? 0)} | ${fmt(s.non2xx ?? 0)} |`,
  );
}
const checks = run.scenarios.filter((s) => s.check);
if (checks.length > 0) lines.push('', ...checks.map((s) => `- ${cell(s.name)}: ${s.check}`));

const readme = readFileSync(TARGET, 'utf8');
const from = readme.indexOf(START);
const to = readme.indexOf(END);
if (from < 0 || to < from) throw new Error(`docs/performance.md has no ${START} … ${END} block`);
writeFileSync(TARGET, `${readme.slice(0, from + START.length)}\n\n${lines.join('\n')}\n\n${readme.slice(to)}`);
console.log(`docs/performance.md: bench table rewritten from ${file}`);
