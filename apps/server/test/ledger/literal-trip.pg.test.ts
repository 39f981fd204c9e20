/**
 * Through a transaction-mode pooler (`DATABASE_PREPARED_STATEMENTS=false`) a one-trip script keeps the literal form of
 * docs/decisions/0051-one-round-trip-money-moves.md: nothing is prepared on the server connection, and the move
 * answers and refuses exactly as the prepared form does (docs/decisions/0053-prepared-one-trip-scripts.md).
 */
import { sql } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { openPostgres, type Database } from '../../src/db/client.ts';
import { rawRows } from '../../src/db/raw.ts';
import { AppError } from '../../src/errors.ts';
import { runOneTrip, type TripStep } from '../../src/modules/ledger/one-trip.ts';
import { freshDatabase } from '../helpers/test-app.ts';

const open: Database[] = [];
afterEach(async () => {
  for (const d of open.splice(0).reverse()) await d.close();
});

const steps = (id: number, refuse: boolean): TripStep[] => [
  { statement: sql`insert into trip_probe (id, note) values (${id}::int, ${`it's #${id} \\`}::text)` },
  {
    row: { with: sql`c as (select count(*)::int as n from trip_probe)`, select: sql`(select n from c) as n` },
    refuse: [{ code: 'MONEY_NOT_ENOUGH', when: refuse ? 'trip_row.n > 0' : 'false' }],
  },
  { statement: sql`select note from trip_probe where id = ${id}::int` },
];

it('the literal script answers and refuses as the prepared one, and leaves no statement on the connection', async () => {
  const fresh = await freshDatabase();
  open.push(fresh);
  await fresh.db.execute(sql`create table trip_probe (id int primary key, note text not null)`);
  const results: unknown[] = [];
  for (const preparedStatements of [true, false]) {
    const d = await openPostgres(fresh.url!, 1, { preparedStatements });
    open.push(d);
    const base = preparedStatements ? 0 : 10;
    results.push((await runOneTrip(d.db, () => steps(base + 1, false))).rows);
    await expect(runOneTrip(d.db, () => steps(base + 2, true))).rejects.toEqual(new AppError('MONEY_NOT_ENOUGH'));
    const held = await rawRows<{ name: string }>(d.db, sql`select name from pg_prepared_statements`);
    expect(held.length > 0).toBe(preparedStatements);
  }
  expect(results).toEqual([
    [[], [{ note: "it's #1 \\" }]],
    [[], [{ note: "it's #11 \\" }]],
  ]);
  const ids = await rawRows<{ id: number }>(fresh.db, sql`select id from trip_probe order by id`);
  expect(ids.map((r) => r.id)).toEqual([1, 11]);
});
