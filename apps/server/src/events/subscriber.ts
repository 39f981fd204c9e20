import type { EventPayload, EventType } from './event-map.ts';

export type DeliveryMeta = { eventId: number; createdAt: Date };

/**
 * A module's reaction to a domain event (`Module.subscribers`). It runs after the emitting transaction commits,
 * at least once: a redelivery after a crash or a failure of another subscriber may repeat it, so it must be
 * idempotent. Its `name` is the delivery record key: unique across modules and stable across releases.
 */
export type Subscriber<K extends EventType = EventType> = {
  name: string;
  event: K;
  handle(payload: EventPayload<K>, meta: DeliveryMeta): Promise<void>;
};

/** `subscribe('ledger.posted', 'wallet.push', async (payload) => …)` with the payload typed by the event. */
export function subscribe<K extends EventType>(
  event: K,
  name: string,
  handle: (payload: EventPayload<K>, meta: DeliveryMeta) => Promise<void>,
): Subscriber {
  return { event, name, handle } as unknown as Subscriber;
}
