import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { purgeDeliveredEvents } from '../events/outbox-relay.ts';
import { purgeJobRuns } from './job-runs.repository.ts';
import { defineJob, type JobDefinition } from './job-types.ts';

/** Run history and delivered outbox rows are kept this long. */
const HISTORY_RETENTION_MS = 14 * 86_400_000;

/** The runner's own housekeeping: job_runs and delivered outbox rows older than the retention, daily 03:00. */
export function platformJobs(deps: { db: Db; clock: Clock }): JobDefinition<never>[] {
  return [
    defineJob({
      name: 'history-purge',
      schedule: { dailyAt: '03:00' },
      handler: async () => {
        const before = new Date(deps.clock.now().getTime() - HISTORY_RETENTION_MS);
        return {
          jobRuns: await purgeJobRuns(deps.db, before),
          outboxEvents: await purgeDeliveredEvents(deps.db, before),
        };
      },
    }),
  ];
}
