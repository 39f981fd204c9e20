/** How `npm run bench` (run.ts) drives one scenario: the requests it sends and the load model (closed or open loop). */
import autocannon, { type Options, type Result } from 'autocannon';
import { openLoop, type OpenLoopRequest, type OpenLoopResult } from './open-loop.ts';
import type { BaselineKind } from './report.ts';
import type { BenchMember } from './seed.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

export type Scenario = {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** one member (the hot row) instead of rotating over all of them */
  hot?: boolean;
  /** open loop at this many requests per second instead of as fast as possible */
  rate?: number;
  /** money move: a fresh Idempotency-Key per request, and 2xx answers are compared with new game transfers */
  money?: boolean;
  /** send the money move without an Idempotency-Key, as the original clients do */
  noKey?: boolean;
  requires?: () => boolean;
  /** the raw-stack baseline of this kind (runs against the baseline server, first) */
  baselineOf?: BaselineKind;
  /** the baseline this scenario's ratio is computed against */
  against?: BaselineKind;
};

let sequence = 0;
/** The next request of a scenario: the member rotates (or stays the hot one), money moves get a fresh key. */
function nextRequest(s: Scenario, members: BenchMember[]): OpenLoopRequest {
  const body = s.body === undefined ? undefined : JSON.stringify(s.body);
  const m = s.hot ? members[0]! : members[sequence++ % members.length]!;
  if (s.baselineOf) return { method: s.method, path: `${s.path}/${m.id}` };
  const headers: Record<string, string> = { authorization: `Bearer ${m.token}` };
  if (body) headers['content-type'] = 'application/json';
  if (s.money && !s.noKey) headers['idempotency-key'] = `bench-${process.pid}-${sequence++}`;
  return { method: s.method, path: s.path, headers, ...(body ? { body } : {}) };
}

export function requestFor(s: Scenario, members: BenchMember[]): Options['requests'] {
  return [{ method: s.method, path: s.path, setupRequest: (req) => ({ ...req, ...nextRequest(s, members) }) }];
}

/**
 * One scenario's load: closed loop (autocannon, CONNECTIONS back to back) or, with a rate, an open loop of evenly
 * staggered arrivals (open-loop.ts). BENCH_OPEN_LOOP=autocannon measures a rate with autocannon's overallRate
 * instead (bursts at every second's start: kept to compare the two methods, not a model of independent clients).
 */
export async function drive(target: string, s: Scenario, members: BenchMember[]): Promise<Result> {
  if (s.rate && process.env.BENCH_OPEN_LOOP !== 'autocannon') {
    return openLoop({
      url: target,
      rate: s.rate,
      durationS: DURATION_S,
      connections: Math.max(CONNECTIONS, 100),
      timeoutS: 30,
      next: () => nextRequest(s, members),
    });
  }
  return autocannon({
    url: target,
    connections: s.rate ? Math.max(CONNECTIONS, 100) : CONNECTIONS,
    duration: DURATION_S,
    timeout: 30,
    ...(s.rate ? { overallRate: s.rate } : {}),
    requests: requestFor(s, members),
  });
}

/** The open loop's own line under the table: how the arrivals were made and how late the generator was. */
export function openLoopNote(result: Result): string | undefined {
  if (!('lateness' in result)) return undefined;
  const r = result as OpenLoopResult;
  const f = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 1 });
  return `open loop: ${f(r.requests.sent)} requests due at ${f(r.rate)}/s evenly staggered (latency from the due time); generator lateness p50 ${f(r.lateness.p50)} / p99 ${f(r.lateness.p99)} / max ${f(r.lateness.max)} ms, wait for a free connection p99 ${f(r.poolWait.p99)} / max ${f(r.poolWait.max)} ms; ${f(r.unanswered)} unanswered at the end`;
}
