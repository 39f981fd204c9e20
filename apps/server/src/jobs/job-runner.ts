import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type PgBoss from 'pg-boss';
import type { Clock } from '../clock.ts';
import type { Database, Tx } from '../db/client.ts';
import { eventsOfLane } from '../events/event-map.ts';
import { OutboxRelay, type OutboxRelayOptions } from '../events/outbox-relay.ts';
import type { Subscriber } from '../events/subscriber.ts';
import { describeSchedule, slotAt } from '../lib/bangkok-time.ts';
import { createBoss, txExecutor } from './boss-connection.ts';
import { finishRun, insertRun, startRun } from './job-runs.repository.ts';
import { DEFAULT_RETRY, type JobDefinition } from './job-types.ts';

export type JobRunnerOptions = {
  database: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  jobs: JobDefinition<never>[];
  subscribers: Subscriber[];
  /** idle workers poll their queue this often (pg-boss minimum 0.5 s; default 2 s) */
  pollingIntervalSeconds?: number;
  /** how often schedules are checked for a new slot (default 1 s) */
  tickMs?: number;
  /** the outbox relay's timing (tests shorten it) */
  outbox?: Pick<OutboxRelayOptions, 'pollMs' | 'leaseMs' | 'backoffMs' | 'maxBackoffMs'>;
  /** `host:pid` by default; recorded on every run and delivery */
  runnerId?: string;
};

/** The data of a pg-boss job of ours: the user data, and the slot when scheduled. */
type Envelope = { data?: unknown; slot?: string };

/**
 * Runs module jobs on pg-boss (ADR 0011) and hosts the outbox relay (ADR 0010), in every process that has JOBS on.
 *  - Scheduled job: each tick, the latest Bangkok wall-clock slot is claimed by inserting its job_runs row and
 *    sending its pg-boss job in one transaction; the unique (job, slot) lets one process win, so a slot runs once
 *    however many processes tick (and a slot missed while every process was down runs late, once).
 *  - Queued job: `enqueue(name, data, { tx })` inserts the run row and the pg-boss job in the caller's transaction.
 *  - Workers claim with SKIP LOCKED; a throw is retried with backoff; every attempt updates the run row.
 */
export class JobRunner {
  readonly runnerId: string;
  private readonly boss: PgBoss;
  private readonly jobs = new Map<string, JobDefinition<never>>();
  private readonly workers = new Map<string, string>();
  private readonly lastSlot = new Map<string, string>();
  /** one outbox relay per lane: live events never wait behind a backlog of bulk ones */
  private readonly relays: OutboxRelay[];
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private started = false;
  private preparing: Promise<void> | undefined;
  /** attempts running in this process (a drain waits for them) */
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly options: JobRunnerOptions) {
    this.runnerId = options.runnerId ?? `${os.hostname()}:${process.pid}`;
    for (const job of options.jobs) {
      if (this.jobs.has(job.name)) throw new Error(`jobs: two jobs are named ${job.name}`);
      if (job.schedule) slotAt(job.schedule, new Date()); // a bad schedule fails at boot, not at 00:05
      this.jobs.set(job.name, job);
    }
    this.boss = createBoss(options.database, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 });
    this.boss.on('error', (err) => options.log.error({ err }, 'jobs: pg-boss error'));
    this.relays = (['live', 'bulk'] as const).map(
      (lane) =>
        new OutboxRelay({
          db: options.database.db,
          log: options.log,
          subscribers: options.subscribers,
          runner: this.runnerId,
          types: eventsOfLane(lane),
          ...options.outbox,
        }),
    );
  }

  /** pg-boss started and every queue created: enough to enqueue (a process with JOBS=false does only this). */
  private async prepare(): Promise<void> {
    this.preparing ??= (async () => {
      await this.boss.start();
      for (const job of this.jobs.values()) {
        const retry = { ...DEFAULT_RETRY, ...(job.schedule ? { limit: 1 } : {}), ...job.retry };
        await this.boss.createQueue(job.name, {
          name: job.name,
          retryLimit: retry.limit,
          retryDelay: retry.delaySeconds,
          retryBackoff: retry.backoff,
          expireInSeconds: job.timeoutSeconds ?? 300,
        });
      }
    })();
    await this.preparing;
  }

  /** Create the queues, start the workers, the schedule ticker and the outbox relay. */
  async start(): Promise<void> {
    await this.prepare();
    const pollingIntervalSeconds = this.options.pollingIntervalSeconds ?? 2;
    for (const job of this.jobs.values()) {
      const id = await this.boss.work<Envelope>(
        job.name,
        { pollingIntervalSeconds, batchSize: 1, includeMetadata: true },
        async ([queued]) => {
          if (!queued) return;
          const attempt = this.runAttempt(job, queued);
          this.running.add(attempt);
          try {
            await attempt;
          } finally {
            this.running.delete(attempt);
          }
        },
      );
      this.workers.set(job.name, id);
    }
    this.started = true;
    this.timer = setInterval(() => void this.tick(), this.options.tickMs ?? 1000);
    this.timer.unref();
    await this.tick();
    for (const relay of this.relays) relay.start();
    const scheduled = [...this.jobs.values()].filter((j) => j.schedule);
    this.options.log.info(
      { runner: this.runnerId, schedules: scheduled.map((j) => `${j.name} (${describeSchedule(j.schedule!)})`) },
      'jobs: runner started',
    );
  }

  /**
   * Graceful drain (docs/decisions/0032-rolling-restarts-and-migrations.md): claim nothing more — no schedule slot,
   * no queued job, no outbox batch — and finish what this process holds; other processes take the rest. Enqueueing
   * still works (requests being served may queue work) until `stop()`.
   */
  async drain(): Promise<void> {
    const wasStarted = this.started;
    this.started = false;
    clearInterval(this.timer);
    await this.ticking;
    if (!wasStarted) return;
    await Promise.all([
      ...this.relays.map((relay) => relay.stop()),
      ...[...this.workers.keys()].map((name) => this.boss.offWork(name)),
    ]);
    this.workers.clear();
    await Promise.allSettled([...this.running]);
  }

  async stop(): Promise<void> {
    await this.drain();
    if (this.preparing) {
      await this.preparing.catch(() => undefined);
      await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    }
  }

  /** Claim the current slot of every scheduled job that has not run it yet (called every `tickMs`). */
  tick(): Promise<void> {
    if (this.ticking || !this.started) return this.ticking ?? Promise.resolve();
    this.ticking = (async () => {
      await Promise.resolve(); // `ticking` is assigned before the body runs, so `finally` clears this round
      try {
        const now = this.options.clock.now();
        for (const job of this.jobs.values()) {
          if (!job.schedule) continue;
          const slot = slotAt(job.schedule, now);
          if (this.lastSlot.get(job.name) === slot.key) continue;
          await this.claimSlot(job.name, slot.key);
          this.lastSlot.set(job.name, slot.key);
        }
      } catch (err) {
        this.options.log.error({ err }, 'jobs: schedule tick failed');
      } finally {
        this.ticking = undefined;
      }
    })();
    return this.ticking;
  }

  private async claimSlot(name: string, slot: string): Promise<void> {
    const queueJobId = randomUUID();
    const claimed = await this.options.database.db.transaction(async (tx) => {
      const runId = await insertRun(tx, { job: name, slot, queueJobId, queuedAt: this.options.clock.now() });
      if (runId === null) return false;
      await this.send(tx, name, { slot }, queueJobId);
      return true;
    });
    if (claimed) this.notify(name);
  }

  /**
   * Queue a job. With `tx` the job exists only if that transaction commits (inside a money transaction, this is
   * how follow-up work is made durable); without it, in a transaction of its own. Returns the run id.
   */
  async enqueue(name: string, data: unknown, options: { tx?: Tx } = {}): Promise<number> {
    if (!this.jobs.has(name)) throw new Error(`jobs: no job named ${name}`);
    await this.prepare();
    const queueJobId = randomUUID();
    const write = async (tx: Tx) => {
      const runId = await insertRun(tx, { job: name, slot: null, queueJobId, queuedAt: this.options.clock.now() });
      await this.send(tx, name, { data }, queueJobId);
      return runId!;
    };
    if (options.tx) return write(options.tx);
    const runId = await this.options.database.db.transaction(write);
    this.notify(name);
    return runId;
  }

  private async send(tx: Tx, name: string, envelope: Envelope, id: string): Promise<void> {
    await this.boss.send(name, envelope, { id, db: txExecutor(tx) as PgBoss.Db });
  }

  /** Wake this process's worker at once instead of waiting for its next poll. */
  private notify(name: string): void {
    const worker = this.workers.get(name);
    if (worker && this.started) this.boss.notifyWorker(worker);
  }

  private async runAttempt(job: JobDefinition<never>, queued: PgBoss.JobWithMetadata<Envelope>): Promise<void> {
    const { db } = this.options.database;
    const attempt = queued.retryCount + 1;
    const runId = await startRun(db, {
      job: job.name,
      queueJobId: queued.id,
      attempt,
      runner: this.runnerId,
      at: this.options.clock.now(),
    });
    try {
      const result = await job.handler({
        data: queued.data?.data as never,
        attempt,
        slot: queued.data?.slot ?? null,
        runId,
      });
      await finishRun(db, runId, { status: 'succeeded', at: this.options.clock.now(), result: toJson(result) });
    } catch (err) {
      const final = queued.retryCount >= queued.retryLimit;
      const message = err instanceof Error ? err.message : String(err);
      this.options.log.error({ err, job: job.name, attempt, final }, 'jobs: attempt failed');
      await finishRun(db, runId, {
        status: final ? 'failed' : 'retrying',
        at: this.options.clock.now(),
        error: message,
      });
      throw err;
    }
  }
}

/** Run results are JSON: bigints become strings, undefined becomes null. */
function toJson(value: unknown): unknown {
  if (value === undefined) return undefined;
  return JSON.parse(JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))) as unknown;
}
