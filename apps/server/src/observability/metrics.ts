import { sql } from 'drizzle-orm';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db } from '../db/client.ts';
import { withRows } from '../db/raw.ts';

/**
 * The process's Prometheus registry (prom-client 15, histogram only: docs/dependencies.md §6). Each process has its
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
  /** A change-bus notice (settings, member cache) that could not be published (docs/decisions/0027-notification-path.md). */
  readonly changeBusPublishFailures = new Counter({
    name: 'wallet_change_bus_publish_failures_total',
    help: 'Change-bus notices that failed to publish (other processes keep a stale cache until their max age), by topic',
    labelNames: ['topic'] as const,
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
        const result = withRows<Record<string, number>>(
          await db.execute(sql`
          select count(*) filter (where created_at > now() - interval '1 minute')::int as under_1m,
                 count(*) filter (where created_at <= now() - interval '1 minute'
                                    and created_at > now() - interval '10 minutes')::int as under_10m,
                 count(*) filter (where created_at <= now() - interval '10 minutes')::int as over_10m
          from game_transfers where status = 'pending'`),
        );
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
        const result = withRows<{ job: string; status: string; n: number }>(
          await db.execute(sql`
          select job, status, count(*)::int as n from job_runs
          where queued_at > now() - interval '24 hours' group by job, status`),
        );
        this.reset();
        for (const r of result.rows) this.set({ job: r.job, status: r.status }, Number(r.n));
      },
    });
    new Gauge({
      name: 'wallet_outbox_undelivered',
      help: 'Domain events committed but not yet delivered to every subscriber (outbox backlog)',
      registers: [this.registry],
      async collect() {
        const result = withRows<{ n: number }>(
          await db.execute(sql`select count(*)::int as n from outbox_events where delivered_at is null`),
        );
        this.set(Number(result.rows[0]?.n ?? 0));
      },
    });
    this.operationsGauges(db);
  }

  /** What the alert rules in deploy/prometheus/alerts.yml watch besides the above (docs/operations.md). */
  private operationsGauges(db: Db): void {
    new Gauge({
      name: 'wallet_withdrawals_open',
      help: 'Withdrawals not finished, by status (pending_review, approved, paying), all processes',
      labelNames: ['status'] as const,
      registers: [this.registry],
      // one index range on withdrawals_status_idx
      async collect() {
        const result = withRows<{ status: string; n: number }>(
          await db.execute(sql`
          select status, count(*)::int as n from withdrawals
          where status in ('pending_review', 'approved', 'paying') group by status`),
        );
        for (const status of ['pending_review', 'approved', 'paying']) this.set({ status }, 0);
        for (const r of result.rows) this.set({ status: r.status }, Number(r.n));
      },
    });
    new Gauge({
      name: 'wallet_withdrawals_paying_oldest_seconds',
      help: 'Age of the oldest withdrawal in `paying` since its last change (0 when none): a payout the bank never settled',
      registers: [this.registry],
      async collect() {
        const result = withRows<{ age: number }>(
          await db.execute(sql`
          select coalesce(extract(epoch from now() - min(updated_at)), 0)::float8 as age
          from withdrawals where status = 'paying'`),
        );
        this.set(Math.max(0, Number(result.rows[0]?.age ?? 0)));
      },
    });
    new Gauge({
      name: 'wallet_ledger_check_last_ok',
      help: 'Whether the latest ledger invariant check (nightly job or an operator) found no problem: 1 ok, 0 failed, -1 never ran',
      registers: [this.registry],
      async collect() {
        const result = withRows<{ ok: boolean }>(
          await db.execute(sql`select ok from ledger_check_runs order by id desc limit 1`),
        );
        const last = result.rows[0];
        this.set(last ? (last.ok ? 1 : 0) : -1);
      },
    });
    new Gauge({
      name: 'wallet_ledger_check_last_run_timestamp_seconds',
      help: 'When the latest ledger invariant check finished (unix seconds; 0 when it never ran)',
      registers: [this.registry],
      async collect() {
        const result = withRows<{ at: number }>(
          await db.execute(
            sql`select extract(epoch from finished_at)::float8 as at from ledger_check_runs order by id desc limit 1`,
          ),
        );
        this.set(Number(result.rows[0]?.at ?? 0));
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
