import type { Schedule } from '../lib/bangkok-time.ts';

export type RetryPolicy = {
  /** attempts after the first (0 = never retried) */
  limit: number;
  /** seconds before the first retry */
  delaySeconds: number;
  /** double the delay on each retry */
  backoff: boolean;
};

export const DEFAULT_RETRY: RetryPolicy = { limit: 3, delaySeconds: 5, backoff: true };

type JobContext<T> = {
  data: T;
  /** 1 on the first attempt */
  attempt: number;
  /** the wall-clock slot key of a scheduled run (`2026-11-24T00:05:00+07:00`); null for a queued job */
  slot: string | null;
  /** the job_runs row of this run */
  runId: number;
};

/**
 * A background job a module declares in `Module.jobs`. With a `schedule` it runs once per Bangkok wall-clock
 * slot across every process; without one it is a queue fed by `runner.enqueue(name, data, { tx })`.
 * The handler runs outside any transaction: it opens its own short ones, never one across a provider call.
 * What it returns is kept in the run history (keep it small: counts, ids); a throw is retried per `retry`.
 */
export type JobDefinition<T = unknown> = {
  name: string;
  schedule?: Schedule;
  retry?: Partial<RetryPolicy>;
  /** an attempt running longer is considered lost and retried (default 300 s) */
  timeoutSeconds?: number;
  handler(ctx: JobContext<T>): Promise<unknown>;
};

/** Helper that keeps the data type of a job for its handler. */
export function defineJob<T = undefined>(job: JobDefinition<T>): JobDefinition<T> {
  return job;
}
