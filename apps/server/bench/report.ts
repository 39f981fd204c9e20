import type { Result } from 'autocannon';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Which in-run baseline a scenario is compared with: the raw indexed read or the raw single-row debit. */
export type BaselineKind = 'read' | 'debit';

export type Row = {
  name: string;
  result?: Result;
  note?: string;
  check?: string;
  load?: number;
  /** this row is the baseline of that kind */
  baselineOf?: BaselineKind;
  /** compared with the baseline of that kind */
  against?: BaselineKind;
};

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** req/s of a row as a share of its baseline's req/s in the same run (undefined when either is missing). */
export function ratioOf(row: Row, rows: Row[]): number | undefined {
  if (!row.result || !row.against) return undefined;
  const base = rows.find((r) => r.baselineOf === row.against)?.result;
  if (!base || base.requests.average === 0) return undefined;
  return row.result.requests.average / base.requests.average;
}

export function printTable(rows: Row[]): void {
  console.log('| scenario | req/s | vs baseline | p50 ms | p99 ms | errors | non-2xx | load avg |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const r of rows) {
    if (!r.result) {
      console.log(`| ${r.name} | ${r.note} | | | | | | |`);
      continue;
    }
    const x = r.result;
    const ratio = ratioOf(r, rows);
    const vs = r.baselineOf ? '100% (baseline)' : ratio === undefined ? '' : `${fmt(ratio * 100)}% of ${r.against}`;
    console.log(
      `| ${r.name} | ${fmt(x.requests.average)} | ${vs} | ${fmt(x.latency.p50, 1)} | ${fmt(x.latency.p99, 1)} | ${fmt(x.errors)} | ${fmt(x.non2xx)} | ${fmt(r.load ?? 0, 1)} |`,
    );
  }
  for (const r of rows) if (r.check) console.log(`  ${r.name}: ${r.check}`);
}

/** The run as JSON (BENCH_OUTPUT, default bench/results/bench-<iso time>.json); returns the path written. */
export function writeJson(rows: Row[], meta: Record<string, unknown>): string {
  const file =
    process.env.BENCH_OUTPUT ??
    path.resolve(import.meta.dirname, 'results', `bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  mkdirSync(path.dirname(file), { recursive: true });
  const scenarios = rows.map((r) => ({
    name: r.name,
    ...(r.baselineOf ? { baseline: r.baselineOf } : {}),
    ...(r.against ? { against: r.against, ratio: ratioOf(r, rows) ?? null } : {}),
    ...(r.note ? { note: r.note } : {}),
    ...(r.check ? { check: r.check } : {}),
    ...(r.result
      ? {
          rps: r.result.requests.average,
          latencyMs: { p50: r.result.latency.p50, p90: r.result.latency.p90, p99: r.result.latency.p99 },
          requests: r.result.requests.sent,
          errors: r.result.errors,
          non2xx: r.result.non2xx,
          loadAverage: r.load ?? null,
        }
      : {}),
  }));
  const body = { ...meta, cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? null, scenarios };
  writeFileSync(file, `${JSON.stringify(body, null, 2)}\n`);
  return file;
}
