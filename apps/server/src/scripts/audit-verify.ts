/**
 * `npm run audit:verify`: walks the hash-chained audit log (docs/decisions/0012-principals-operators-audit.md) on
 * the configured database (DATABASE_URL, else the embedded PGlite in DATA_DIR). Prints OK with the row count, or
 * every broken row; exits 1 when a row was edited or deleted, 2 when it cannot check.
 */
import { verifyAuditChain } from '../modules/audit/audit.api.ts';
import { openScriptDatabase } from './script-database.ts';

async function main(): Promise<number> {
  const opened = await openScriptDatabase('audit:verify');
  if (typeof opened === 'string') {
    console.error(opened);
    return 2;
  }
  const { database, where } = opened;
  try {
    const { rows, problems } = await verifyAuditChain(database.db);
    console.log(`audit:verify on ${where}: ${rows} audit rows`);
    if (problems.length === 0) {
      console.log('OK');
      return 0;
    }
    console.log(`${problems.length} problem(s):`);
    for (const p of problems) console.log(`  - ${p}`);
    return 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error('audit:verify failed:', err instanceof Error ? err.message : err);
    process.exit(2);
  },
);
