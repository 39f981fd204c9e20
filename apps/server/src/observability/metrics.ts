import { sql } from 'drizzle-orm';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db } from '../db/client.ts';

/**
 * The process's Prometheus registry (prom-client 15, histogram only: dependencies-2.md §6). Each process has its
 * own: scrape every instance. Labels stay bounded: route ids from the contract, ledger kinds, job names.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by route id (the contract endpoint id, else the route pattern), method and status class',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });
  readonly ledgerPosts = new Counter({
    name: 'wallet_ledger_posts_total',
    help: 'Ledger transactions committed, by kind (idempotent replays not counted)',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });
  constructor(db: Db) {
    collectDefaultMetrics({ register: this.registry });
    new Gauge({
      name: 'wallet_pending_game_transfers',
      help: 'Game transfers still pending (two-phase, not settled), by age',
      labelNames: ['age'] as const,
      registers: [this.registry],
      // read at scrape time: one indexed count, never on the request path
      async collect() {
        const result = (await db.execute(sql`
          select count(*) filter (where created_at > now() - interval '1 minute')::int as under_1m,
                 count(*) filter (where created_at <= now() - interval '1 minute'
                                    and created_at > now() - interval '10 minutes')::int as under_10m,
                 count(*) filter (where created_at <= now() - interval '10 minutes')::int as over_10m
          from game_transfers where status = 'pending'`)) as unknown as { rows: Array<Record<string, number>> };
        const row = result.rows[0] ?? {};
        this.set({ age: '<1m' }, Number(row.under_1m ?? 0));
        this.set({ age: '1m-10m' }, Number(row.under_10m ?? 0));
        this.set({ age: '>10m' }, Number(row.over_10m ?? 0));
      },
    });
    new Gauge({
      name: 'wallet_job_runs_24h',
      help: 'Job runs queued in the last 24 hours, all processes (job_runs), by job and status',
      labelNames: ['job', 'status'] as const,
      registers: [this.registry],
      async collect() {
        const result = (await db.execute(sql`
          select job, status, count(*)::int as n from job_runs
          where queued_at > now() - interval '24 hours' group by job, status`)) as unknown as {
          rows: Array<{ job: string; status: string; n: number }>;
        };
        this.reset();
        for (const r of result.rows) this.set({ job: r.job, status: r.status }, Number(r.n));
      },
    });
    new Gauge({
      name: 'wallet_outbox_undelivered',
      help: 'Domain events committed but not yet delivered to every subscriber (outbox backlog)',
      registers: [this.registry],
      async collect() {
        const result = (await db.execute(
          sql`select count(*)::int as n from outbox_events where delivered_at is null`,
        )) as unknown as { rows: Array<{ n: number }> };
        this.set(Number(result.rows[0]?.n ?? 0));
      },
    });
  }

  /** Sockets connected to this process (the realtime gateway), read at scrape time. */
  countSockets(count: () => number): void {
    new Gauge({
      name: 'wallet_sockets_connected',
      help: 'socket.io connections open in this process',
      registers: [this.registry],
      collect() {
        this.set(count());
      },
    });
  }
}
