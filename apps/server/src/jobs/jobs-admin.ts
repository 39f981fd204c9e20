import type { JobRun } from '@wallet/contract/admin/jobs';
import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { jobRuns } from '../db/schema/jobs.ts';
import type { ModuleFactory } from '../http/handlers.ts';
import type { JobRunStatus } from './job-runs.repository.ts';

type Query = {
  page: number;
  pageSize: number;
  from?: string | undefined;
  to?: string | undefined;
  job?: string | undefined;
  status?: JobRunStatus | undefined;
};

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/** One page of job runs, newest first, with the total and every job name that has a run. */
export async function jobRunsPage(db: Db, query: Query) {
  const conditions: SQL[] = [];
  if (query.job) conditions.push(eq(jobRuns.job, query.job));
  if (query.status) conditions.push(eq(jobRuns.status, query.status));
  if (query.from) conditions.push(gte(jobRuns.queuedAt, new Date(query.from)));
  if (query.to) conditions.push(lt(jobRuns.queuedAt, new Date(query.to)));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [count], names] = await Promise.all([
    db
      .select()
      .from(jobRuns)
      .where(where)
      .orderBy(desc(jobRuns.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(jobRuns)
      .where(where),
    db.selectDistinct({ job: jobRuns.job }).from(jobRuns).orderBy(jobRuns.job),
  ]);
  return {
    rows: rows.map((row): JobRun => ({
      id: row.id,
      job: row.job,
      slot: row.slot,
      status: row.status as JobRunStatus,
      attempts: row.attempts,
      runner: row.runner,
      queuedAt: row.queuedAt.toISOString(),
      startedAt: iso(row.startedAt),
      finishedAt: iso(row.finishedAt),
      error: row.error,
      result: row.result ?? null,
    })),
    total: count?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
    jobs: names.map((n) => n.job),
  };
}

/** The job-run history for operators holding `admin` (the runs are recorded by jobs/job-runner.ts). */
export const jobsAdminModule: ModuleFactory = (ctx) => ({
  name: 'jobs-admin',
  handlers: {
    'admin.jobs.list': ({ query }) => jobRunsPage(ctx.db, query),
  },
});
