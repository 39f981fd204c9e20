import { EventEmitter } from 'node:events';
import type { Tx } from '../db/client.ts';
import { outboxEvents } from '../db/schema/events.ts';
import { memberChanged } from '../lib/change-signals.ts';
import { parseEvent, type DomainEvent } from './event-map.ts';

/** Wakes this process's outbox relay soon after an emit (it finds the row once the transaction has committed). */
export const outboxSignal = new EventEmitter();
outboxSignal.setMaxListeners(0);

/**
 * Record a domain event in the caller's transaction (the transactional outbox, ADR 0010). It is delivered to the
 * subscribers only if that transaction commits, at least once, by the relay of whichever process gets it first.
 * Returns the outbox row id.
 */
export async function emit(tx: Tx, event: DomainEvent): Promise<number> {
  const payload = parseEvent(event.type, event.payload);
  const [row] = await tx.insert(outboxEvents).values({ type: event.type, payload }).returning({ id: outboxEvents.id });
  if (!row) throw new Error('outbox: insert returned nothing');
  outboxSignal.emit('emitted');
  // this process's caches hear of it the moment the transaction commits (other processes: the cache's Redis hop)
  const members = membersOf(event);
  if (members.length > 0) memberChanged(...members);
  return row.id;
}

/** The members whose wallet view or sessions an event changes (the member cache's invalidations). */
function membersOf(event: DomainEvent): number[] {
  switch (event.type) {
    case 'ledger.posted':
      return event.payload.memberIds;
    case 'game.balanceChanged':
    case 'member.updated':
    case 'session.revoked':
      return [event.payload.memberId];
    default:
      return [];
  }
}
