/**
 * `npm run ledger:check`: the ledger invariant (docs/design.md §3, docs/reliability.md INV) on the configured database
 * (DATABASE_URL, else the embedded PGlite in DATA_DIR, default ./data at the repository root like `npm start`).
 * Prints OK with counts, or every violation; exits 1 on any violation, 2 when it cannot check.
 */
import { sql } from 'drizzle-orm';
import { systemClock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { ledgerProblems } from '../bootstrap/ledger-check.ts';
import { openScriptDatabase } from './script-database.ts';
import { rawRows } from '../db/raw.ts';

type Row = Record<string, unknown>;
const rows = (db: Db, query: ReturnType<typeof sql>) => rawRows<Row>(db, query);

async function main(): Promise<number> {
  const opened = await openScriptDatabase('ledger:check');
  if (typeof opened === 'string') {
    console.error(opened);
    return 2;
  }
  const { database, where } = opened;
  try {
    const db = database.db;
    const problems = await ledgerProblems(db, systemClock);
    const [counts] = await rows(
      db,
      sql`select (select count(*) from ledger_accounts)::int as accounts,
                 (select count(*) from ledger_transactions)::int as transactions,
                 (select count(*) from ledger_entries)::int as entries,
                 (select count(*) from game_transfers where status = 'pending')::int as pending_transfers`,
    );
    const sums = await rows(
      db,
      sql`select a.currency,
                 coalesce((select sum(e.amount) from ledger_entries e where e.currency = a.currency), 0)::text as entries_sum,
                 sum(a.balance) filter (where a.code like 'member:%')::text as members,
                 sum(a.balance) filter (where a.code like 'house:%')::text as house,
                 sum(a.balance) filter (where a.code like 'provider:%')::text as provider,
                 sum(a.balance) filter (where a.code like 'transit:%')::text as transit
          from ledger_accounts a group by a.currency order by a.currency`,
    );
    const c = counts ?? {};
    console.log(
      `ledger:check on ${where}: ${String(c.accounts)} accounts, ${String(c.transactions)} transactions, ${String(c.entries)} entries, ${String(c.pending_transfers)} pending game transfers`,
    );
    for (const s of sums) {
      const minor = (v: unknown) => String(v ?? 0);
      console.log(
        `  ${String(s.currency)}: Σ entries ${minor(s.entries_sum)}; members ${minor(s.members)}, house ${minor(s.house)}, providers ${minor(s.provider)}, transit ${minor(s.transit)} (minor units)`,
      );
    }
    if (problems.length === 0) {
      console.log('OK');
      return 0;
    }
    console.log(`${problems.length} violation(s):`);
    for (const p of problems) console.log(`  - ${p}`);
    return 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error('ledger:check failed:', err instanceof Error ? err.message : err);
    process.exit(2);
  },
);
