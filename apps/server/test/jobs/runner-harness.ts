import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { FakeClock } from '../../src/clock.ts';
import type { Database } from '../../src/db/client.ts';
import type { Subscriber } from '../../src/events/subscriber.ts';
import { JobRunner } from '../../src/jobs/job-runner.ts';
import type { JobDefinition } from '../../src/jobs/job-types.ts';

const silentLog = pino({ level: process.env.TEST_LOG ?? 'silent' }) as unknown as FastifyBaseLogger;

/** A runner on a fresh database with the fastest polling pg-boss allows; the caller stops it. */
export async function startRunner(
  database: Database,
  options: { jobs?: JobDefinition<never>[]; subscribers?: Subscriber[]; clock?: FakeClock; runnerId?: string } = {},
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
    outbox: { pollMs: 100, leaseMs: 2_000, backoffMs: 50, maxBackoffMs: 200 },
    ...(options.runnerId ? { runnerId: options.runnerId } : {}),
  });
  await runner.start();
  return { runner, clock };
}
