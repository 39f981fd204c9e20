// Raw SQL results, typed in one place (docs/decisions/0028-module-seams.md). drizzle's `db.execute` types its result
// per driver (node-postgres `QueryResult`, PGlite `Results`); both carry the rows as `rows`. Code that runs a raw
// statement reads them through `rawRows` (or `withRows` for a result in hand), never through its own cast.
import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';

/** A raw statement's result with its rows typed as `Row` (the caller states the row shape its SQL selects). */
export function withRows<Row>(result: unknown): { rows: Row[] } {
  return result as { rows: Row[] };
}

/** Run a raw statement and return its rows as `Row`. */
export async function rawRows<Row>(db: Db | Tx, query: SQL): Promise<Row[]> {
  return withRows<Row>(await db.execute(query)).rows;
}
