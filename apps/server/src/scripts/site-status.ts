/**
 * Operator CLI: mark the site terminated (every /api call answers 410 gone, the player shows /terminated)
 * or active again.
 *
 *   DATA_DIR=./data tsx apps/server/src/scripts/site-status.ts terminated|active
 *
 * Uses the same configuration as the server (DATABASE_URL, or the embedded PGlite in DATA_DIR). PGlite serves one
 * process at a time: stop the server first. On PostgreSQL running servers pick the change up at once when REDIS_URL
 * is set (the same change notice the servers send each other), else within 2 s.
 */
import { loadConfig } from '../config/env.ts';
import { openDatabase } from '../db/client.ts';
import { createChangeBus } from '../lib/change-bus.ts';
import { SettingsService, type SettingValues } from '../modules/settings/settings.api.ts';

const STATUSES: ReadonlyArray<SettingValues['siteStatus']> = ['active', 'terminated'];

const status = process.argv[2] as SettingValues['siteStatus'] | undefined;
if (!status || !STATUSES.includes(status)) {
  console.error('usage: tsx apps/server/src/scripts/site-status.ts terminated|active');
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase(config);
const bus = createChangeBus(config.redisUrl, config.redisPrefix, (err) => console.error('redis:', err));
try {
  // a fresh data directory has no tables yet; the server's seed never overwrites this value
  await database.migrate();
  await new SettingsService(database.db, { bus }).set('siteStatus', status);
  console.log(`site status set to ${status} (${database.kind === 'pglite' ? config.dataDir : 'PostgreSQL'})`);
} finally {
  await bus.close();
  await database.close();
}
