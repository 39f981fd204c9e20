import pino from 'pino';
import { afterEach, beforeEach, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { FakeClock } from '../../src/clock.ts';
import type { Database } from '../../src/db/client.ts';
import type { Subscriber } from '../../src/events/subscriber.ts';
import { JobRunner } from '../../src/jobs/job-runner.ts';
import type { JobDefinition } from '../../src/jobs/job-types.ts';
import { freshDatabase } from '../helpers/test-app.ts';

const silentLog = pino({ level: process.env.TEST_LOG ?? 'silent' }) as unknown as FastifyBaseLogger;

/** A runner on a fresh database with the fastest polling pg-boss allows; the caller stops it. */
export async function startRunner(
  database: Database,
  options: {
    jobs?: JobDefinition<never>[];
    subscribers?: Subscriber[];
    clock?: FakeClock;
    runnerId?: string;
    /** the relay's poll (100 ms unless told) */
    outboxPollMs?: number;
  } = {},
): Promise<{ runner: JobRunner; clock: FakeClock }> {
  const clock = options.clock ?? new FakeClock(new Date('2026-11-23T17:04:30Z'));
  const runner = new JobRunner({
    database,
    clock,
    log: silentLog,
    jobs: options.jobs ?? [],
    subscribers: options.subscribers ?? [],
    pollingIntervalSeconds: 0.5,
    tickMs: 60_000,
    outbox: { pollMs: options.outboxPollMs ?? 100, leaseMs: 2_000, backoffMs: 50, maxBackoffMs: 200 },
    ...(options.runnerId ? { runnerId: options.runnerId } : {}),
  });
  await runner.start();
  started.push(runner);
  return { runner, clock };
}

/** Runners started by the current test; `eachTestOnFreshDatabase` stops them after it. */
const started: JobRunner[] = [];

/**
 * Per test: a fresh migrated database handed to `use`; after the test every runner it started is stopped and the
 * database closed.
 */
export function eachTestOnFreshDatabase(use: (database: Database) => void): void {
  let current: Database | undefined;
  beforeEach(async () => {
    current = await freshDatabase();
    await current.migrate();
    use(current);
  });
  afterEach(async () => {
    for (const runner of started.splice(0)) await runner.stop();
    await current?.close();
    current = undefined;
  });
}

/** Wait for state the runner produces (a deadline, not a sleep). */
export const waitFor = <T>(fn: () => Promise<T> | T) => vi.waitFor(fn, { timeout: 15_000, interval: 50 });
