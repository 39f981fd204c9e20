/**
 * DATABASE_PREPARED_STATEMENTS=false (PgBouncer in transaction mode, docs/operations.md): drizzle's named statements
 * reach PostgreSQL unnamed, so no server connection holds a statement another transaction would look for.
 * scripts/ops/pgbouncer-check.sh proves the whole product through a real PgBouncer.
 */
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../../src/db/client.ts';
import { freshDatabase } from '../helpers/test-app.ts';

const open: Database[] = [];
afterEach(async () => {
  for (const d of open.splice(0).reverse()) await d.close();
});

/** runs a named statement on a one-connection pool, then lists the statements that connection holds */
async function namedStatementsAfterUse(preparedStatements: boolean): Promise<string[]> {
  const fresh = await freshDatabase();
  open.push(fresh);
  const database = await openPostgres(fresh.url!, 1, { preparedStatements });
  open.push(database);
  const prepared = database.db
    .select({ one: sql<number>`1` })
    .from(sql`(select 1) as t`)
    .prepare('unnamed_statements_probe');
  expect(await prepared.execute()).toEqual([{ one: 1 }]);
  expect(await prepared.execute()).toEqual([{ one: 1 }]);
  const rows = (await database.db.execute(sql`select name from pg_prepared_statements order by name`)) as unknown as {
    rows: Array<{ name: string }>;
  };
  return rows.rows.map((r) => r.name);
}

describe('named prepared statements', () => {
  it('are prepared once per connection by default', async () => {
    expect(await namedStatementsAfterUse(true)).toEqual(['unnamed_statements_probe']);
  });

  it('are sent unnamed with preparedStatements off (nothing left on the server connection)', async () => {
    expect(await namedStatementsAfterUse(false)).toEqual([]);
  });
});
