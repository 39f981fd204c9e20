import { and, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { jobRuns } from '../db/schema/jobs.ts';

export type JobRunStatus = 'queued' | 'running' | 'retrying' | 'succeeded' | 'failed';
export type JobRun = typeof jobRuns.$inferSelect;

/** Record a run before its queue job exists; `slot` set = a scheduled slot, claimed at most once (null if taken). */
export async function insertRun(
  tx: Tx,
  run: { job: string; slot: string | null; queueJobId: string; queuedAt: Date },
): Promise<number | null> {
  const [row] = await tx
    .insert(jobRuns)
    .values({ ...run, status: 'queued' })
    .onConflictDoNothing()
    .returning({ id: jobRuns.id });
  return row?.id ?? null;
}

/** An attempt starts: the row of the queue job (created if the job was sent by other means). */
export async function startRun(
  db: Db,
  run: { job: string; queueJobId: string; attempt: number; runner: string; at: Date },
): Promise<number> {
  const [row] = await db
    .insert(jobRuns)
    .values({
      job: run.job,
      queueJobId: run.queueJobId,
      status: 'running',
      attempts: run.attempt,
      runner: run.runner,
      queuedAt: run.at,
      startedAt: run.at,
    })
    .onConflictDoUpdate({
      target: jobRuns.queueJobId,
      set: { status: 'running', attempts: run.attempt, runner: run.runner, startedAt: run.at, error: null },
    })
    .returning({ id: jobRuns.id });
  if (!row) throw new Error('jobs: run row vanished');
  return row.id;
}

export async function finishRun(
  db: Db,
  id: number,
  outcome: { status: JobRunStatus; at: Date; result?: unknown; error?: string },
): Promise<void> {
  await db
    .update(jobRuns)
    .set({
      status: outcome.status,
      finishedAt: outcome.at,
      result: outcome.result === undefined ? null : (outcome.result as object),
      error: outcome.error ?? null,
    })
    .where(eq(jobRuns.id, id));
}

export type ListJobRunsQuery = {
  job?: string;
  status?: JobRunStatus;
  /** only runs queued before this id (paging backwards) */
  beforeId?: number;
  limit?: number;
};

/** The run history, newest first: what an operator reads (the admin endpoint comes with the back office). */
export async function listJobRuns(db: Db, query: ListJobRunsQuery = {}): Promise<JobRun[]> {
  const conditions: SQL[] = [];
  if (query.job) conditions.push(eq(jobRuns.job, query.job));
  if (query.status) conditions.push(eq(jobRuns.status, query.status));
  if (query.beforeId) conditions.push(lt(jobRuns.id, query.beforeId));
  return db
    .select()
    .from(jobRuns)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(jobRuns.id))
    .limit(Math.min(Math.max(query.limit ?? 50, 1), 500));
}

/** Delete finished runs queued before `before` (the history is kept for a while, not forever). */
export async function purgeJobRuns(db: Db, before: Date): Promise<number> {
  const deleted = await db
    .delete(jobRuns)
    .where(and(lt(jobRuns.queuedAt, before), sql`${jobRuns.status} in ('succeeded', 'failed')`))
    .returning({ id: jobRuns.id });
  return deleted.length;
}
