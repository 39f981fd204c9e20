import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { pageOf, PagedQuerySchema } from './paging.ts';

export const JOB_RUN_STATUSES = ['queued', 'running', 'retrying', 'succeeded', 'failed'] as const;

export const JobRunSchema = z.object({
  id: z.number().int(),
  job: z.string(),
  /** the wall-clock slot of a scheduled run (`2026-11-24T00:05:00+07:00`); null for a queued job */
  slot: z.string().nullable(),
  status: z.enum(JOB_RUN_STATUSES),
  attempts: z.number().int(),
  /** `host:pid` of the process that ran the last attempt */
  runner: z.string().nullable(),
  queuedAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable(),
  result: z.unknown(),
});
export type JobRun = z.infer<typeof JobRunSchema>;

/** Background job runs (role `admin`), newest first. */
export const adminJobsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/jobs',
    access: { operator: ['admin'] },
    query: PagedQuerySchema.extend({
      job: z.string().trim().max(64).optional(),
      status: z.enum(JOB_RUN_STATUSES).optional(),
    }),
    response: pageOf(JobRunSchema).extend({
      /** every job name with a recorded run (the filter's choices) */
      jobs: z.array(z.string()),
    }),
    summary: 'Job runs, newest first, filtered by job, status and queued time, one page',
  }),
};
