/**
 * An open-loop load generator: requests ARRIVE at a constant rate, evenly staggered (request i is due at
 * start + i / rate, sent within the 1 ms timer tick it falls in), whether or not earlier ones have been answered —
 * the model of many independent clients. autocannon's `overallRate` is not that: each of its connections runs
 * closed-loop (back to back) until it has sent its share of the second (rate / connections) and then waits for the
 * next one-second tick, so the whole second's requests go out as a burst of `connections` concurrent requests at the
 * start of every second; its coordinated-omission correction then records each answer again at 1 ms steps
 * (`Math.ceil(1 / perConnectionRate)` ms), weighting the histogram by latency.
 *
 * Latency is measured from the moment a request was DUE (not from when it was written), so a server stall, a full
 * connection pool or a late generator all count against the answer, as a client would see it (no coordinated
 * omission). The generator's own lateness (due → handed to the client) and the wait for a free connection are
 * reported separately. Keep-alive connections, at most `connections` of them (raw-http-pool.ts); requests beyond
 * that wait in a queue, and their wait counts too.
 */
import type { Result } from 'autocannon';
import { performance } from 'node:perf_hooks';
import { RawHttpPool, type RawRequest } from './raw-http-pool.ts';

export type OpenLoopRequest = RawRequest;

export type OpenLoopResult = Result & {
  /** requests due per second */
  rate: number;
  /** due → handed to the HTTP client, ms: how late the generator's own timer was (CPU starvation, its GC) */
  lateness: { p50: number; p99: number; max: number };
  /** handed over → written to a socket, ms: the wait for a free connection (all `connections` busy) */
  poolWait: { p50: number; p99: number; max: number };
  /** requests still unanswered when the run and its grace period ended (counted as timeouts) */
  unanswered: number;
};

const at = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
const round1 = (n: number) => Math.round(n * 10) / 10;

export async function openLoop(options: {
  url: string;
  rate: number;
  durationS: number;
  connections: number;
  /** seconds a request may take; answers still missing this long after the last request was due are abandoned */
  timeoutS: number;
  next: () => OpenLoopRequest;
}): Promise<OpenLoopResult> {
  const pool = new RawHttpPool(options.url, options.connections);
  const latencies: number[] = [];
  const lateness: number[] = [];
  const counts = { sent: 0, ok: 0, non2xx: 0, errors: 0 };
  let inFlight = 0;
  let lastAnswer = 0;
  let allDone: (() => void) | null = null;

  const fire = (due: number) => {
    lateness.push(performance.now() - due);
    counts.sent++;
    inFlight++;
    pool.request(options.next(), (status) => {
      if (status === 0) counts.errors++;
      else {
        lastAnswer = performance.now();
        latencies.push(lastAnswer - due);
        if (status >= 200 && status < 300) counts.ok++;
        else counts.non2xx++;
      }
      if (--inFlight === 0 && allDone) allDone();
    });
  };

  const interval = 1000 / options.rate;
  const total = Math.round(options.rate * options.durationS);
  const start = performance.now();
  let issued = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (issued < total && start + issued * interval <= now) fire(start + issued++ * interval);
      if (issued >= total) {
        clearInterval(timer);
        resolve();
      }
    };
    const timer = setInterval(tick, 1);
    tick();
  });
  const issuedFor = (performance.now() - start) / 1000;
  // let the requests in flight finish (their latency counts), then abandon what is left
  if (inFlight > 0) {
    await Promise.race([
      new Promise<void>((resolve) => (allDone = resolve)),
      new Promise((resolve) => setTimeout(resolve, options.timeoutS * 1000)),
    ]);
  }
  const unanswered = inFlight;
  pool.close();

  latencies.sort((a, b) => a - b);
  lateness.sort((a, b) => a - b);
  const waits = [...pool.waits].sort((a, b) => a - b);
  const spread = (xs: number[]) => ({ p50: round1(at(xs, 50)), p99: round1(at(xs, 99)), max: round1(xs.at(-1) ?? 0) });
  const answered = counts.ok + counts.non2xx;
  const mean = latencies.reduce((s, x) => s + x, 0) / Math.max(1, latencies.length);
  const latency = {
    average: round1(mean),
    mean: round1(mean),
    p50: round1(at(latencies, 50)),
    p90: round1(at(latencies, 90)),
    p97_5: round1(at(latencies, 97.5)),
    p99: round1(at(latencies, 99)),
    max: round1(latencies.at(-1) ?? 0),
    total: latencies.length,
  };
  // answers per second from the first request to the last answer (a server that falls behind answers the backlog
  // after the last request was due: counting those over the issuing time alone would hide it)
  const perSecond = answered / Math.max(issuedFor, (lastAnswer - start) / 1000);
  return {
    requests: {
      average: perSecond,
      mean: perSecond,
      p50: 0,
      p90: 0,
      p99: 0,
      max: 0,
      total: answered,
      sent: counts.sent,
    },
    latency,
    errors: counts.errors + unanswered,
    timeouts: unanswered,
    non2xx: counts.non2xx,
    '2xx': counts.ok,
    duration: issuedFor,
    lateness: spread(lateness),
    poolWait: spread(waits),
    unanswered,
    rate: options.rate,
  };
}
