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
import type { MemberSocket, Tally } from './traffic.ts';

type Rows<T> = { rows: T[] };

async function countsBy(db: Db, table: 'withdrawals' | 'game_transfers'): Promise<Map<number, number>> {
  const result = (await db.execute(
    sql`select member_id, count(*)::int as n from ${sql.identifier(table)} group by member_id`,
  )) as unknown as Rows<{ member_id: number; n: number }>;
  return new Map(result.rows.map((r) => [Number(r.member_id), Number(r.n)]));
}

/**
 * Members whose rows differ from what the clients were told: lost (fewer rows than successes) or doubled (more rows
 * than successes plus failed answers, a failed answer being a move that may or may not have happened).
 */
function compare(
  told: Map<number, number>,
  rows: Map<number, number>,
  failed: Map<number, number>,
): { told: number; rows: number; off: string[] } {
  const off: string[] = [];
  for (const id of new Set([...told.keys(), ...rows.keys()])) {
    const a = told.get(id) ?? 0;
    const b = rows.get(id) ?? 0;
    const f = failed.get(id) ?? 0;
    if (b < a || b > a + f) off.push(`member ${id}: told ${a} OK and ${f} failed, rows ${b}`);
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
    withdrawals: compare(tally.withdrawals, await countsBy(db, 'withdrawals'), tally.failedMoves),
    transfers: compare(tally.transfers, await countsBy(db, 'game_transfers'), tally.failedMoves),
    slotRuns: Number(slots.runs),
    slotRunners: Number(slots.runners),
    slotsRepeated: Number(slots.repeated),
    runsUnfinished: Number(unfinished.n),
    outboxEvents: Number(outbox.total),
    outboxRedelivered: Number(outbox.redelivered),
    outboxUndelivered: Number(outbox.undelivered),
  };
}

/** A missed push followed this soon by a reconnect of its socket is made good by the player's refetch on connect. */
const REFETCH_WINDOW_MS = 10_000;

/**
 * The `deposit.credited` pushes the outbox delivered to the socket members, against those their sockets received.
 * A missed push followed soon by a reconnect of its socket is counted apart ("in a reconnect handshake": the window
 * docs/decisions/0046-recovered-sockets-verified-after-connect.md closed); the run fails on either kind.
 */
export async function checkPushes(
  db: Db,
  sockets: MemberSocket[],
): Promise<{ expected: number; missed: number; refetched: number }> {
  const result = (await db.execute(sql`
    select payload->>'depositId' as deposit, (payload->>'memberId')::int as member,
      extract(epoch from delivered_at) * 1000 as at
    from outbox_events where type = 'deposit.credited'`)) as unknown as Rows<{
    deposit: string;
    member: number;
    at: number;
  }>;
  const byMember = new Map(sockets.map((s) => [s.memberId, s]));
  let expected = 0;
  let missed = 0;
  let refetched = 0;
  for (const row of result.rows) {
    const socket = byMember.get(Number(row.member));
    if (!socket) continue;
    expected += 1;
    if (socket.pushes.has(row.deposit)) continue;
    const at = Number(row.at);
    if (socket.reconnectedAt.some((t) => t >= at - 2000 && t <= at + REFETCH_WINDOW_MS)) refetched += 1;
    else missed += 1;
  }
  return { expected, missed, refetched };
}
