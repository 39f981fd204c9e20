import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock.ts';
import type { Config } from './config/env.ts';
import type { Database, Db } from './db/client.ts';
import type { OperatorSessionService, SessionService } from './modules/auth/auth.api.ts';
import type { SettingsService } from './modules/settings/settings.api.ts';
import type { ObjectStorage } from './providers/storage/object-storage.ts';

/** What every module is built from. Tests replace the clock; nothing else is global. */
export type AppContext = {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  settings: SettingsService;
  sessions: SessionService;
  /** uploaded files (slips, chat media): private objects, DESIGN.md §9.9 */
  storage: ObjectStorage;
  operatorSessions: OperatorSessionService;
};
