import { EventEmitter } from 'node:events';
import type { Tx } from '../db/client.ts';
import { outboxEvents } from '../db/schema/events.ts';
import { memberBalanceChanged, memberChanged } from '../lib/change-signals.ts';
import { afterCommit } from '../observability/after-commit.ts';
import { parseEvent, type DomainEvent } from './event-map.ts';

/** Wakes this process's outbox relay once an emit's transaction has committed (the row is visible to its claim). */
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
  eventRecorded(event);
  return Number(row.id);
}

/**
 * `emit` as one part of a larger statement the caller builds and runs itself in its transaction: the event's payload,
 * validated, for the caller's `insert into outbox_events` (LedgerService inserts `ledger.posted` in the statement
 * that posts, with the transaction id only that statement knows). Once the row is in, the caller calls
 * `eventRecorded`.
 */
export function outboxPayload(event: DomainEvent): unknown {
  return parseEvent(event.type, event.payload);
}

/** An outbox row is written: wake the relay and evict the members' cached views, both once the transaction commits. */
export function eventRecorded(event: DomainEvent): void {
  // after commit (db/client.ts installs the hook): the relay's claim sees the row, and a read between this write and
  // the commit cannot re-cache the old balance; other processes: the relay's poll and the cache's Redis hop
  afterCommit(() => outboxSignal.emit('emitted'));
  const { members, balanceOnly } = membersOf(event);
  if (members.length > 0) (balanceOnly ? memberBalanceChanged : memberChanged)(...members);
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
