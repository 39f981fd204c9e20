import type { Result } from 'autocannon';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import type { QueryCounts } from './bench-server.ts';
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
  /** database statements (round trips) per answered request, and the most frequent ones */
  queries?: { perRequest: number; top: Array<{ statement: string; perRequest: number }> };
  /** CPU milliseconds per answered request: the server under test, PostgreSQL (every database), the load generator */
  cpu?: CpuPerRequest;
};

export type CpuPerRequest = { server: number; postgres: number; loadGenerator: number };

/**
 * Cores used during a scenario (cpu-usage.ts `measureCpu`) as CPU milliseconds per answered request: what a request
 * costs each part of the machine, which is what bounds req/s once the machine's cores are all busy.
 */
export function cpuPerRequest(cores: Record<string, number>, rps: number): CpuPerRequest | undefined {
  if (!(rps > 0)) return undefined;
  const ms = (k: string) => ((cores[k] ?? 0) / rps) * 1000;
  return { server: ms('server'), postgres: ms('postgres (every database)'), loadGenerator: ms('load generator') };
}

const cpuCell = (c: CpuPerRequest | undefined) =>
  c ? `${fmt(c.server, 2)} · ${fmt(c.postgres, 2)} · ${fmt(c.loadGenerator, 2)}` : '';

/** Round trips per answered request between two query-counter snapshots (null when either is missing). */
export function diffCounts(
  before: QueryCounts | null,
  after: QueryCounts | null,
  answered: number,
): Row['queries'] | null {
  if (!before || !after || answered === 0) return null;
  const top = Object.entries(after.statements)
    .map(([statement, n]) => ({ statement, perRequest: (n - (before.statements[statement] ?? 0)) / answered }))
    .filter((x) => x.perRequest >= 0.01)
    .sort((a, b) => b.perRequest - a.perRequest)
    .slice(0, 30);
  return { perRequest: (after.total - before.total) / answered, top };
}

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
  console.log(
    '| scenario | req/s | vs baseline | p50 ms | p99 ms | DB round trips/req | CPU ms/req: server · PostgreSQL · load gen | errors | non-2xx | load avg |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const r of rows) {
    if (!r.result) {
      console.log(`| ${r.name} | ${r.note} | | | | | | | | |`);
      continue;
    }
    const x = r.result;
    const ratio = ratioOf(r, rows);
    const vs = r.baselineOf ? '100% (baseline)' : ratio === undefined ? '' : `${fmt(ratio * 100)}% of ${r.against}`;
    console.log(
      `| ${r.name} | ${fmt(x.requests.average)} | ${vs} | ${fmt(x.latency.p50, 1)} | ${fmt(x.latency.p99, 1)} | ${r.queries ? fmt(r.queries.perRequest, 2) : ''} | ${cpuCell(r.cpu)} | ${fmt(x.errors)} | ${fmt(x.non2xx)} | ${fmt(r.load ?? 0, 1)} |`,
    );
  }
  for (const r of rows) if (r.check) console.log(`  ${r.name}: ${r.check}`);
  if (process.env.BENCH_STATEMENTS) {
    for (const r of rows) {
      if (!r.queries || r.baselineOf) continue;
      console.log(`\n  ${r.name}: statements per request`);
      for (const q of r.queries.top) console.log(`    ${fmt(q.perRequest, 2)}  ${q.statement}`);
    }
  }
}

/**
 * The run as JSON (BENCH_OUTPUT, default bench/results/bench-<iso time>.json, copied to bench/results/latest.json,
 * which `npm run bench:readme` turns into the bench table of docs/performance.md); returns the path written.
 */
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
    ...(r.queries ? { roundTripsPerRequest: r.queries.perRequest, topStatements: r.queries.top } : {}),
    ...(r.cpu ? { cpuMsPerRequest: r.cpu } : {}),
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
  if (!process.env.BENCH_OUTPUT) copyFileSync(file, path.join(path.dirname(file), 'latest.json'));
  return file;
}
