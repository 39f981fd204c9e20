import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock.ts';
import type { Config } from './config/env.ts';
import type { Database, Db } from './db/client.ts';
import type { JobRunner } from './jobs/job-runner.ts';
import type { OperatorSessionService, SessionService } from './modules/auth/auth.api.ts';
import type { MemberCache } from './lib/member-cache.ts';
import type { Metrics } from './observability/metrics.ts';
import type { SettingsService } from './modules/settings/settings.api.ts';
import type { ObjectStorage } from './providers/storage/object-storage.ts';
import type { GuestTokens } from './realtime/guest-token.ts';
import type { Realtime } from './realtime/gateway.ts';

/** What every module is built from. Tests replace the clock; nothing else is global. */
export type AppContext = {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  settings: SettingsService;
  sessions: SessionService;
  /** uploaded files (slips, chat media): private objects, docs/design.md §9.9 */
  storage: ObjectStorage;
  /** queue a module job (`{ tx }`: only if that transaction commits); works with JOBS on or off */
  jobs: Pick<JobRunner, 'enqueue'>;
  /** pushes to members' sockets (any process) */
  realtime: Realtime;
  /** signed ids of chat guests (their socket token) */
  guestTokens: GuestTokens;
  operatorSessions: OperatorSessionService;
  /** per-member views (wallet, sessions) with cross-process invalidation; null when caching is off */
  memberCache: MemberCache | null;
  metrics: Metrics;
};
