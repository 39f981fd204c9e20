import { sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { DEFAULT_TIMING } from '../game-accounts/game-accounts.api.ts';
import { LEDGER_KINDS } from '../ledger/ledger.api.ts';
import { rawRows } from '../../db/raw.ts';

type Row = Record<string, unknown>;
const rows = (db: Db, query: ReturnType<typeof sql>) => rawRows<Row>(db, query);

/** Invariant: no game transfer is pending past its SLA (docs/reliability.md INV "nothing pending past its SLA"). */
export async function pendingTransfersCheck(
  db: Db,
  clock: Clock,
  slaMs = DEFAULT_TIMING.pendingSlaMs,
): Promise<string[]> {
  const deadline = new Date(clock.now().getTime() - slaMs);
  const late = await rows(
    db,
    sql`select id, game, direction, created_at::text as created_at from game_transfers
        where status = 'pending' and created_at < ${deadline.toISOString()}::timestamptz order by created_at limit 50`,
  );
  return late.map(
    (r) =>
      `game transfer ${String(r.id)} (${String(r.direction)} ${String(r.game)}) pending since ${String(r.created_at)}`,
  );
}

/**
 * Invariant: every game transfer has exactly the ledger postings its state calls for, each for its amount, and the
 * transit accounts hold exactly the pending to_game transfers. This is what "0 lost, 0 doubled" means in the ledger.
 */
export async function gameTransfersLedgerCheck(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const { toGameHold: hold, toGameSettle, toGameVoid, fromGameSettle } = LEDGER_KINDS;
  for (const r of await rows(
    db,
    sql`select g.id, g.direction, g.status,
          count(t.id) filter (where t.kind = ${hold})::int as hold,
          count(t.id) filter (where t.kind = ${toGameSettle})::int as settle,
          count(t.id) filter (where t.kind = ${toGameVoid})::int as void,
          count(t.id) filter (where t.kind = ${fromGameSettle})::int as credit
        from game_transfers g
        left join ledger_transactions t on t.reference = g.id and t.kind in (${hold}, ${toGameSettle}, ${toGameVoid}, ${fromGameSettle})
        group by g.id, g.direction, g.status`,
  )) {
    const [h, s, v, c] = [r.hold, r.settle, r.void, r.credit].map(Number);
    const expected =
      r.direction === 'to_game'
        ? [1, r.status === 'success' ? 1 : 0, r.status === 'failed' ? 1 : 0, 0]
        : [0, 0, 0, r.status === 'success' ? 1 : 0];
    if ([h, s, v, c].join() !== expected.join()) {
      problems.push(
        `game transfer ${String(r.id)} (${String(r.direction)}, ${String(r.status)}) has postings hold=${h} settle=${s} void=${v} credit=${c}`,
      );
    }
  }
  for (const r of await rows(
    db,
    sql`select t.id::text as id, t.kind, g.id as transfer_id
        from ledger_transactions t
        join game_transfers g on g.id = t.reference
        join ledger_entries e on e.transaction_id = t.id
        where t.kind in (${hold}, ${toGameSettle}, ${toGameVoid}, ${fromGameSettle})
        group by t.id, t.kind, g.id, g.amount
        having sum(abs(e.amount)) <> 2 * g.amount`,
  )) {
    problems.push(
      `ledger transaction ${String(r.id)} (${String(r.kind)}) does not move the amount of transfer ${String(r.transfer_id)}`,
    );
  }
  const inTransit = new Map(
    (
      await rows(
        db,
        sql`select currency, sum(balance)::text as total from ledger_accounts where code like 'transit:%' group by currency`,
      )
    ).map((r) => [String(r.currency), BigInt(String(r.total))]),
  );
  const holds = new Map(
    (
      await rows(
        db,
        sql`select currency, sum(amount)::text as total from game_transfers where direction = 'to_game' and status = 'pending' group by currency`,
      )
    ).map((r) => [String(r.currency), BigInt(String(r.total))]),
  );
  for (const currency of new Set([...inTransit.keys(), ...holds.keys()])) {
    const a = inTransit.get(currency) ?? 0n;
    const b = holds.get(currency) ?? 0n;
    if (a !== b) problems.push(`transit accounts hold ${a} ${currency} but pending to_game transfers total ${b}`);
  }
  return problems;
}
