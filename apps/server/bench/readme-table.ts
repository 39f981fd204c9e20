/**
 * `npm run bench:readme [-- <results.json>] [-- --note=<text>]`: rewrites the bench table of docs/performance.md
 * (between the `bench-table` markers) from a bench run's JSON (default bench/results/latest.json, written by
 * `npm run bench`), and under it the embedded database's table from bench/results/embedded-latest.json
 * (`npm run bench:embedded`) when there is one; `--note` adds a line under the tables (what the run measured). Bench only.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
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
  cpuMsPerRequest?: { server: number; postgres: number; loadGenerator: number };
  loadAverage?: number | null;
};
type Results = { at: string; node: string; postgres?: string; cpus: number; cpuModel?: string; scenarios: Scenario[] };

const TARGET = path.resolve(import.meta.dirname, '../../../docs/performance.md');
const START = '<!-- bench-table:start (npm run bench:readme) -->';
const END = '<!-- bench-table:end -->';

const args = process.argv.slice(2);
const note = args.find((a) => a.startsWith('--note='))?.slice('--note='.length);
const file = args.find((a) => !a.startsWith('--')) ?? path.resolve(import.meta.dirname, 'results', 'latest.json');
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
  '| scenario | req/s | vs baseline | p50 ms | p99 ms | DB round trips/req | CPU ms/req: server · PostgreSQL · load gen | errors | non-2xx |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
];
const cpuCell = (c: Scenario['cpuMsPerRequest']) =>
  c ? `${fmt(c.server, 2)} · ${fmt(c.postgres, 2)} · ${fmt(c.loadGenerator, 2)}` : '';
for (const s of run.scenarios) {
  if (s.rps === undefined) {
    lines.push(`| ${cell(s.name)} | ${cell(s.note ?? '')} | | | | | | | |`);
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
    } | ${cpuCell(s.cpuMsPerRequest)} | ${fmt(s.errors ?? 0)} | ${fmt(s.non2xx ?? 0)} |`,
  );
}
const checks = run.scenarios.filter((s) => s.check);
if (checks.length > 0) lines.push('', ...checks.map((s) => `- ${cell(s.name)}: ${s.check}`));

type EmbeddedRow = {
  name: string;
  rps: number;
  share: number | null;
  against: string | null;
  shareTarget: number | null;
  roundTrips: number | null;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  loadAverage?: number;
};
const embeddedFile = path.resolve(path.dirname(file), 'embedded-latest.json');
if (existsSync(embeddedFile)) {
  const embedded = JSON.parse(readFileSync(embeddedFile, 'utf8')) as { at: string; scenarios: EmbeddedRow[] };
  const eLoads = embedded.scenarios.map((s) => s.loadAverage ?? 0).filter((l) => l > 0);
  lines.push(
    '',
    `Embedded database (\`npm run bench:embedded\`, PGlite in the server's process), run of ${embedded.at.slice(0, 16).replace('T', ' ')} UTC, 1-min load average ${fmt(Math.min(...eLoads), 1)}–${fmt(Math.max(...eLoads), 1)}:`,
    '',
    '| scenario | req/s | vs bare PGlite | target | p50 ms | p99 ms | round trips/req | errors | non-2xx |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const s of embedded.scenarios) {
    const vs =
      s.against === null ? '100% (baseline)' : s.share === null ? '' : `${fmt(s.share * 100)}% of ${s.against}`;
    const target = s.shareTarget === null ? '' : `≥ ${fmt(s.shareTarget * 100)}%`;
    lines.push(
      `| ${cell(s.name)} | ${fmt(s.rps)} | ${vs} | ${target} | ${fmt(s.p50, 1)} | ${fmt(s.p99, 1)} | ${
        s.roundTrips === null ? '' : fmt(s.roundTrips, 1)
      } | ${fmt(s.errors)} | ${fmt(s.non2xx)} |`,
    );
  }
}
if (note) lines.push('', note);

const readme = readFileSync(TARGET, 'utf8');
const from = readme.indexOf(START);
const to = readme.indexOf(END);
if (from < 0 || to < from) throw new Error(`docs/performance.md has no ${START} … ${END} block`);
writeFileSync(TARGET, `${readme.slice(0, from + START.length)}\n\n${lines.join('\n')}\n\n${readme.slice(to)}`);
console.log(`docs/performance.md: bench table rewritten from ${file}`);
