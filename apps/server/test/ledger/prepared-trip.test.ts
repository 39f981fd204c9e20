/**
 * One-trip scripts as EXECUTEs of statements prepared once per connection (docs/decisions/0053-prepared-one-trip-scripts.md):
 * a shape is prepared once whatever the values, a refusal rolls back every statement before it and leaves the
 * connection's statements usable, values are data (quotes, backslashes), and a connection keeps at most 64 of them.
 * PGlite (one connection) and PostgreSQL (a pool of one connection, so `pg_prepared_statements` is that connection's).
 */
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from '../../src/db/client.ts';
import { rawRows } from '../../src/db/raw.ts';
import { AppError } from '../../src/errors.ts';
import { runOneTrip, type TripStep } from '../../src/modules/ledger/one-trip.ts';
import { freshDatabase } from '../helpers/test-app.ts';

const open: Database[] = [];
afterEach(async () => {
  for (const d of open.splice(0).reverse()) await d.close();
});

/** A database whose every query runs on ONE connection, with a scratch table. */
async function oneConnection(): Promise<Database> {
  const fresh = await freshDatabase();
  open.push(fresh);
  const database = fresh.url ? await openPostgres(fresh.url, 1) : fresh;
  if (database !== fresh) open.push(database);
  await database.db.execute(sql`create table trip_probe (id int primary key, note text not null)`);
  return database;
}

const prepared = async (d: Database) =>
  (
    await rawRows<{ name: string }>(
      d.db,
      sql`select name from pg_prepared_statements where name like 'trip_%' order by name`,
    )
  ).map((r) => r.name);

const notes = async (d: Database) =>
  (await rawRows<{ id: number; note: string }>(d.db, sql`select id, note from trip_probe order by id`)).map(
    (r) => `${r.id}:${r.note}`,
  );

/** insert a row, refuse when `refuseOver` is below its id, then read it back */
const steps = (id: number, note: string, refuseOver = 1_000_000): TripStep[] => [
  { statement: sql`insert into trip_probe (id, note) values (${id}::int, ${note}::text)` },
  { refuse: 'REQUEST_LIMIT', when: sql`${id}::int > ${refuseOver}::int` },
  {
    row: { with: sql`c as (select count(*)::int as n from trip_probe)`, select: sql`(select n from c) as n` },
    refuse: [{ code: 'MONEY_NOT_ENOUGH', when: 'trip_row.n > 3' }],
  },
  { statement: sql`select note from trip_probe where id = ${id}::int` },
];

describe('one-trip scripts on prepared statements', () => {
  it('prepares a shape once: the next moves with other values prepare nothing more', async () => {
    const d = await oneConnection();
    const first = await runOneTrip(d.db, () => steps(1, 'first'));
    expect(first.rows).toEqual([[], [{ note: 'first' }]]);
    const names = await prepared(d);
    expect(names).toHaveLength(4);
    await runOneTrip(d.db, () => steps(2, "it's a \\ backslash; drop table trip_probe; --"));
    expect(await prepared(d)).toEqual(names);
    expect(await notes(d)).toEqual(['1:first', "2:it's a \\ backslash; drop table trip_probe; --"]);
  });

  it('a refusal rolls back the statements before it; the connection keeps its statements and runs the next move', async () => {
    const d = await oneConnection();
    await runOneTrip(d.db, () => steps(1, 'kept'));
    await expect(runOneTrip(d.db, () => steps(5, 'refused', 4))).rejects.toEqual(new AppError('REQUEST_LIMIT'));
    expect(await notes(d)).toEqual(['1:kept']);
    await runOneTrip(d.db, () => steps(2, 'two'));
    await runOneTrip(d.db, () => steps(3, 'three'));
    // the row step's check: a fourth row makes n = 4
    await expect(runOneTrip(d.db, () => steps(4, 'four'))).rejects.toEqual(new AppError('MONEY_NOT_ENOUGH'));
    expect(await notes(d)).toEqual(['1:kept', '2:two', '3:three']);
    expect(await prepared(d)).toHaveLength(4);
  });

  it('a connection keeps at most 64 trip statements: the oldest are deallocated, every shape still runs', async () => {
    const d = await oneConnection();
    for (let shape = 0; shape < 70; shape++) {
      // a different text each time: a new shape
      const trip = await runOneTrip(d.db, () => [
        { statement: sql.raw(`select ${shape} as shape`) },
        { refuse: 'REQUEST_LIMIT', when: sql.raw(`${shape} < 0`) },
      ]);
      expect(trip.rows).toEqual([[{ shape }]]);
    }
    const names = await prepared(d);
    expect(names.length).toBeLessThanOrEqual(64);
    expect(names.length).toBeGreaterThan(60);
    expect(await runOneTrip(d.db, () => steps(9, 'after'))).toEqual({ rows: [[], [{ note: 'after' }]] });
  });
});
