import { sql, type SQLWrapper } from 'drizzle-orm';
import { EventEmitter } from 'node:events';
import type { Tx } from '../db/client.ts';
import { outboxEvents } from '../db/schema/events.ts';
import { memberBalanceChanged, memberChanged } from '../lib/change-signals.ts';
import { parseEvent, type DomainEvent } from './event-map.ts';

type Rows = { rows: Array<{ id: number | string }> };

/** Wakes this process's outbox relay soon after an emit (it finds the row once the transaction has committed). */
export const outboxSignal = new EventEmitter();
outboxSignal.setMaxListeners(0);

/**
 * Record a domain event in the caller's transaction (the transactional outbox, ADR 0010). It is delivered to the
 * subscribers only if that transaction commits, at least once, by the relay of whichever process gets it first.
 * Returns the outbox row id.
 */
export async function emit(tx: Tx, event: DomainEvent): Promise<number> {
  return record(tx, event);
}

/**
 * `emit`, with one more write of the caller's (an INSERT or UPDATE whose result it does not need) sent in the same
 * statement as a data-modifying CTE: one database round trip for both, in the same transaction (LedgerService
 * writes a transaction's entries this way).
 */
export async function emitAlongside(tx: Tx, write: SQLWrapper, event: DomainEvent): Promise<number> {
  return record(tx, event, write);
}

async function record(tx: Tx, event: DomainEvent, write?: SQLWrapper): Promise<number> {
  const payload = parseEvent(event.type, event.payload);
  const insert = tx.insert(outboxEvents).values({ type: event.type, payload }).returning({ id: outboxEvents.id });
  const row = write
    ? ((await tx.execute(sql`with alongside as (${write.getSQL()}) ${insert.getSQL()}`)) as unknown as Rows).rows[0]
    : (await insert)[0];
  if (!row) throw new Error('outbox: insert returned nothing');
  const id = Number(row.id);
  outboxSignal.emit('emitted');
  // this process's caches hear of it the moment the transaction commits (other processes: the cache's Redis hop)
  const { members, balanceOnly } = membersOf(event);
  if (members.length > 0) (balanceOnly ? memberBalanceChanged : memberChanged)(...members);
  return id;
}

/** The members whose wallet view (balanceOnly) or also sessions an event changes (the member cache's invalidations). */
function membersOf(event: DomainEvent): { members: number[]; balanceOnly: boolean } {
  switch (event.type) {
    case 'ledger.posted':
      return { members: event.payload.memberIds, balanceOnly: true };
    case 'game.balanceChanged':
      return { members: [event.payload.memberId], balanceOnly: true };
    case 'member.updated':
    case 'session.revoked':
      return { members: [event.payload.memberId], balanceOnly: false };
    default:
      return { members: [], balanceOnly: false };
  }
}
