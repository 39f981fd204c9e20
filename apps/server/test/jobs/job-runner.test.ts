import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import type { JobRunner } from '../../src/jobs/job-runner.ts';
import { listJobRuns } from '../../src/jobs/job-runs.repository.ts';
import { defineJob } from '../../src/jobs/job-types.ts';
import { eachTestOnFreshDatabase, startRunner, waitFor } from './runner-harness.ts';

let database: Database;
let runner: JobRunner | undefined;
eachTestOnFreshDatabase((d) => (database = d));

describe('job runner', () => {
  it('runs a scheduled job once per Bangkok wall-clock slot, recording each run', async () => {
    const seen: string[] = [];
    const everyMinute = defineJob({
      name: 'test-every-minute',
      schedule: { everyMinutes: 1 },
      handler: async ({ slot }) => {
        seen.push(slot ?? '');
        return { slot };
      },
    });
    const daily = defineJob({
      name: 'test-daily',
      schedule: { dailyAt: '00:05' },
      handler: async ({ slot }) => void seen.push(`daily ${slot ?? ''}`),
    });
    const started = await startRunner(database, { jobs: [everyMinute, daily] });
    runner = started.runner;
    // started at 00:04:30 Bangkok: this minute's slot and yesterday's 00:05 are due (the latter ran late, once)
    await waitFor(() => expect(seen).toHaveLength(2));
    await runner.tick();
    await runner.tick();
    started.clock.advance(30_000); // 00:05:00
    await runner.tick();
    await runner.tick();
    await waitFor(() => expect(seen).toHaveLength(4));
    expect([...seen].sort()).toEqual([
      '2026-11-24T00:04:00+07:00',
      '2026-11-24T00:05:00+07:00',
      'daily 2026-11-23T00:05:00+07:00',
      'daily 2026-11-24T00:05:00+07:00',
    ]);
    await waitFor(async () => {
      const runs = await listJobRuns(database.db, { job: 'test-every-minute' });
      expect(runs.map((r) => [r.slot, r.status, r.attempts])).toEqual([
        ['2026-11-24T00:05:00+07:00', 'succeeded', 1],
        ['2026-11-24T00:04:00+07:00', 'succeeded', 1],
      ]);
      expect(runs[0]?.result).toEqual({ slot: '2026-11-24T00:05:00+07:00' });
    });
  });

  it('retries a queued job that threw, with the attempts in the run history', async () => {
    let calls = 0;
    const flaky = defineJob<{ n: number }>({
      name: 'test-flaky',
      retry: { limit: 3, delaySeconds: 0, backoff: false },
      handler: async ({ data, attempt }) => {
        calls += 1;
        if (attempt < 3) throw new Error(`boom ${attempt}`);
        return { n: data.n };
      },
    });
    const started = await startRunner(database, { jobs: [flaky as never] });
    runner = started.runner;
    const runId = await runner.enqueue('test-flaky', { n: 7 });
    await waitFor(async () => {
      const [run] = await listJobRuns(database.db, { job: 'test-flaky' });
      expect(run).toMatchObject({ id: runId, status: 'succeeded', attempts: 3, result: { n: 7 }, error: null });
    });
    expect(calls).toBe(3);
  });

  it('marks a run failed once its retries are spent', async () => {
    const broken = defineJob({
      name: 'test-broken',
      retry: { limit: 1, delaySeconds: 0, backoff: false },
      handler: async () => {
        throw new Error('always');
      },
    });
    runner = (await startRunner(database, { jobs: [broken] })).runner;
    await runner.enqueue('test-broken', undefined);
    await waitFor(async () => {
      const runs = await listJobRuns(database.db, { status: 'failed' });
      expect(runs).toHaveLength(1);
      expect(runs[0]).toMatchObject({ job: 'test-broken', attempts: 2, error: 'always' });
    });
  });

  it('enqueues inside a transaction: a rollback leaves no job and no run', async () => {
    let calls = 0;
    const job = defineJob({ name: 'test-in-tx', handler: async () => void (calls += 1) });
    runner = (await startRunner(database, { jobs: [job] })).runner;
    const r = runner;
    await expect(
      database.db.transaction(async (tx) => {
        await r.enqueue('test-in-tx', undefined, { tx });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await database.db.transaction(async (tx) => void (await r.enqueue('test-in-tx', undefined, { tx })));
    await waitFor(async () => expect(await listJobRuns(database.db, { status: 'succeeded' })).toHaveLength(1));
    const jobs = await database.db.execute(sql`select count(*)::int as n from pgboss.job where name = 'test-in-tx'`);
    expect((jobs as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(1);
    expect(calls).toBe(1);
    expect(await listJobRuns(database.db)).toHaveLength(1);
  });
});
