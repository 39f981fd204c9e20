import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { listJobRuns } from '../../src/jobs/job-runs.repository.ts';
import { freshDatabase } from '../helpers/test-app.ts';

/**
 * ADR 0011, proven across processes: two runner processes on one fresh PostgreSQL database. Each child is a real Node process
 * (tsx) running the JobRunner with test jobs and a test subscriber; the test drives them over stdin.
 */
const ROOT = path.resolve(import.meta.dirname, '../../../..');
const FIXTURE = 'apps/server/test/jobs/fixtures/runner-process.ts';

type Child = { name: string; process: ChildProcess; output: string; send(line: string): Promise<string> };

let database: Database;
const children: Child[] = [];

const waitFor = <T>(fn: () => Promise<T> | T, timeout = 30_000) => vi.waitFor(fn, { timeout, interval: 100 });

async function startChild(name: string): Promise<Child> {
  const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: database.url, RUNNER_NAME: name },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const handle: Child = {
    name,
    process: child,
    output: '',
    async send(line) {
      const before = handle.output.length;
      const command = line.split(' ')[0]!;
      child.stdin!.write(`${line}\n`);
      if (command === 'emit-commit-die') return '';
      await waitFor(() => expect(handle.output.slice(before)).toMatch(new RegExp(`(ok|error) ${command}`)));
      const answer = /(?:ok|error) \S+ ?(.*)/.exec(
        handle.output
          .slice(before)
          .split('\n')
          .find((l) => l.includes(command))!,
      );
      if (handle.output.slice(before).includes(`error ${command}`)) throw new Error(answer?.[1] ?? 'error');
      return answer?.[1] ?? '';
    },
  };
  child.stdout!.on('data', (chunk: Buffer) => (handle.output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (handle.output += chunk.toString()));
  children.push(handle);
  await waitFor(() => expect(handle.output).toContain('ready'), 60_000);
  return handle;
}

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  database = await freshDatabase();
  await database.migrate();
  await database.db.execute(
    sql`create table tp_hits (id serial primary key, kind text not null, key text not null, runner text not null)`,
  );
  // start one first so pg-boss installs its schema once; the second finds it
  await startChild('A');
  await startChild('B');
}, 120_000);

afterAll(async () => {
  for (const child of children)
    if (child.process.exitCode === null && !child.process.killed) child.process.kill('SIGKILL');
  await database?.close();
});

describe('jobs and outbox across two processes (PostgreSQL)', () => {
  it('runs a scheduled job once per slot', async () => {
    await waitFor(async () => {
      const slots = await rows<{ key: string }>(sql`select key from tp_hits where kind = 'slot'`);
      expect(slots.length).toBeGreaterThanOrEqual(4);
    });
    const counts = await rows<{ key: string; n: number }>(
      sql`select key, count(*)::int as n from tp_hits where kind = 'slot' group by key`,
    );
    expect(counts.every((c) => c.n === 1)).toBe(true);
    const runs = await listJobRuns(database.db, { job: 'tp-every-2s', limit: 500 });
    expect(new Set(runs.map((r) => r.slot)).size).toBe(runs.length);
  });

  it('completes a queued job once after its first attempt threw', async () => {
    const [a] = children;
    const runId = Number(await a!.send('enqueue-flaky k1'));
    await waitFor(async () => {
      const [run] = await listJobRuns(database.db, { job: 'tp-flaky' });
      expect(run).toMatchObject({ id: runId, status: 'succeeded', attempts: 2 });
    });
    const hits = await rows<{ kind: string; n: number }>(
      sql`select kind, count(*)::int as n from tp_hits where key = 'k1' group by kind order by kind`,
    );
    expect(hits).toEqual([
      { kind: 'flaky-attempt', n: 2 },
      { kind: 'flaky-done', n: 1 },
    ]);
  });

  it('never delivers an event from a rolled-back transaction, delivers a committed one once', async () => {
    const [a] = children;
    await a!.send('emit-rollback 101');
    const eventId = await a!.send('emit-commit 102');
    await waitFor(async () => {
      const delivered = await rows<{ key: string }>(sql`select key from tp_hits where kind = 'delivered'`);
      expect(delivered.map((d) => d.key)).toContain(`102:${eventId}`);
    });
    const all = await rows<{ key: string }>(sql`select key from tp_hits where kind = 'delivered'`);
    expect(all.filter((d) => d.key.startsWith('101:'))).toEqual([]);
    expect(all.filter((d) => d.key.startsWith('102:'))).toHaveLength(1);
    expect(await rows(sql`select id from outbox_events where payload->>'memberId' = '101'`)).toEqual([]);
  });

  it('delivers an event committed by a process killed with SIGKILL right after commit', async () => {
    const [a, b] = children;
    const exited = new Promise<NodeJS.Signals | null>((resolve) => a!.process.once('exit', (_c, s) => resolve(s)));
    await a!.send('emit-commit-die 103');
    expect(await exited).toBe('SIGKILL');
    await waitFor(async () => {
      const delivered = await rows<{ key: string; runner: string }>(
        sql`select key, runner from tp_hits where kind = 'delivered' and key like '103:%'`,
      );
      expect(delivered).toEqual([{ key: expect.stringMatching(/^103:\d+$/), runner: b!.name }]);
      // marked delivered after its subscriber ran (the hit above), by the same runner: wait for that too
      const [event] = await rows<{ delivered: boolean }>(
        sql`select delivered_at is not null as delivered from outbox_events where payload->>'memberId' = '103'`,
      );
      expect(event).toEqual({ delivered: true });
    });
  });
});
