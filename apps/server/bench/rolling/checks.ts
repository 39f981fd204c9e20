/**
 * What the rolling restart (scripts/ops/rolling-restart.ts) checks in the database once the load stopped: the ledger
 * invariant, each money move the clients were told succeeded exists exactly once, no job slot ran twice, no outbox
 * event was redelivered (a process that died holding it), nothing left undelivered or running.
 */
import { sql } from 'drizzle-orm';
import { systemClock } from '../../src/clock.ts';
import type { Db } from '../../src/db/client.ts';
import { gameTransfersLedgerCheck, pendingTransfersCheck } from '../../src/modules/game-transfers/transfer-checks.ts';
import { checkLedgerInvariants } from '../../src/modules/ledger/invariants.ts';
import { withdrawalsLedgerCheck } from '../../src/modules/withdrawals/withdrawals.api.ts';
import type { Tally } from './traffic.ts';

type Rows<T> = { rows: T[] };

async function countsBy(db: Db, table: 'withdrawals' | 'game_transfers'): Promise<Map<number, number>> {
  const result = (await db.execute(
    sql`select member_id, count(*)::int as n from ${sql.identifier(table)} group by member_id`,
  )) as unknown as Rows<{ member_id: number; n: number }>;
  return new Map(result.rows.map((r) => [Number(r.member_id), Number(r.n)]));
}

/** Members whose rows differ from what the client was told (lost: fewer rows, doubled: more). */
function compare(told: Map<number, number>, rows: Map<number, number>): { told: number; rows: number; off: string[] } {
  const off: string[] = [];
  for (const id of new Set([...told.keys(), ...rows.keys()])) {
    const a = told.get(id) ?? 0;
    const b = rows.get(id) ?? 0;
    if (a !== b) off.push(`member ${id}: told ${a}, rows ${b}`);
  }
  const sum = (m: Map<number, number>) => [...m.values()].reduce((t, n) => t + n, 0);
  return { told: sum(told), rows: sum(rows), off };
}

export type DatabaseFigures = {
  ledger: string[];
  withdrawals: ReturnType<typeof compare>;
  transfers: ReturnType<typeof compare>;
  slotRuns: number;
  slotRunners: number;
  slotsRepeated: number;
  runsUnfinished: number;
  outboxEvents: number;
  outboxRedelivered: number;
  outboxUndelivered: number;
};

/** Wait (a deadline, polling) for the outbox to be delivered, then read every figure. */
export async function checkDatabase(db: Db, tally: Tally, deadlineMs = 60_000): Promise<DatabaseFigures> {
  const one = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as Rows<T>).rows[0]!;
  const t0 = performance.now();
  for (;;) {
    const { n } = await one<{ n: number }>(
      sql`select count(*)::int as n from outbox_events where delivered_at is null`,
    );
    if (Number(n) === 0 || performance.now() - t0 > deadlineMs) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const outbox = await one<{ total: number; redelivered: number; undelivered: number }>(sql`
    select count(*)::int as total, count(*) filter (where attempts > 1)::int as redelivered,
      count(*) filter (where delivered_at is null)::int as undelivered from outbox_events`);
  const slots = await one<{ runs: number; runners: number; repeated: number }>(sql`
    select count(*)::int as runs, count(distinct runner)::int as runners,
      count(*) filter (where attempts > 1)::int as repeated from job_runs where slot is not null`);
  const unfinished = await one<{ n: number }>(
    sql`select count(*)::int as n from job_runs where status in ('running', 'retrying')`,
  );
  return {
    ledger: await checkLedgerInvariants(db, [
      gameTransfersLedgerCheck,
      withdrawalsLedgerCheck,
      (d) => pendingTransfersCheck(d, systemClock),
    ]),
    withdrawals: compare(tally.withdrawals, await countsBy(db, 'withdrawals')),
    transfers: compare(tally.transfers, await countsBy(db, 'game_transfers')),
    slotRuns: Number(slots.runs),
    slotRunners: Number(slots.runners),
    slotsRepeated: Number(slots.repeated),
    runsUnfinished: Number(unfinished.n),
    outboxEvents: Number(outbox.total),
    outboxRedelivered: Number(outbox.redelivered),
    outboxUndelivered: Number(outbox.undelivered),
  };
}
