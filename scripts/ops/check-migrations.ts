/**
 * Migrations that never stop the site (docs/decisions/0032-rolling-restarts-and-migrations.md): fails when a released
 * migration was edited, or a new one holds an unmarked contract-phase statement. `--release` records the hashes.
 * The check lives in apps/server/src/scripts/check-migrations.ts; this is its entry.
 */
import '@wallet/server/src/scripts/check-migrations.ts';
