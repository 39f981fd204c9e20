/**
 * Rolling restart under load, zero failed requests (docs/decisions/0032-rolling-restarts-and-migrations.md):
 * `npx tsx scripts/ops/rolling-restart.ts --size ci|full [--old <git-ref>]`. The run lives in
 * apps/server/bench/rolling/ (type-checked with the server); this is its entry.
 */
import '@wallet/server/bench/rolling/rolling-restart.ts';
