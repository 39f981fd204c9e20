import { and, eq, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { outboxDeliveries, outboxEvents } from '../db/schema/events.ts';
import { outboxSignal } from './emit.ts';
import { isEventType, parseEvent, type EventType } from './event-map.ts';
import type { Subscriber } from './subscriber.ts';
import { withRows } from '../db/raw.ts';

export type OutboxRelayOptions = {
  db: Db;
  log: FastifyBaseLogger;
  subscribers: Subscriber[];
  /** `host:pid`, written on each delivery record */
  runner: string;
  /** poll for due rows this often (a redelivery, or an event another process emitted and could not deliver) */
  pollMs?: number;
  /** a claimed row is this process's for this long; a process that dies holding it delays it by as much */
  leaseMs?: number;
  /** retry delay after the first failure; doubles per attempt up to `maxBackoffMs` */
  backoffMs?: number;
  maxBackoffMs?: number;
  batchSize?: number;
  /** claim only these event types (a lane, ADR 0010); all when absent */
  types?: readonly EventType[];
};

export type DeliveryReport = { claimed: number; delivered: number; failed: number };

type Claimed = { id: number; type: string; payload: unknown; created_at: Date | string; attempts: number };

/**
 * Delivers outbox rows to subscribers after commit, in any process (ADR 0010). A claim is one UPDATE … FOR UPDATE
 * SKIP LOCKED that sets a lease, so processes never take the same row at once, and no transaction stays open
 * while subscribers run. Each subscriber's success is recorded; a failed row is retried with backoff and skips
 * the subscribers already done. One relay per lane (`types`) keeps a backlog of bulk events from delaying live ones.
 *
 * Round trips: the claim, then one statement that records the subscribers that succeeded and closes every delivered
 * row of the batch (a failed row gets its own, with its backoff); no read of delivery records on a first attempt (a
 * row claimed for the first time has none). A crash before that statement repeats the batch's subscribers on the
 * redelivery after the lease, which at-least-once delivery allows.
 */
export class OutboxRelay {
  private readonly subscribers = new Map<string, Subscriber[]>();
  private timer: NodeJS.Timeout | undefined;
  private pumping: Promise<void> | undefined;
  private again = false;
  private stopped = true;
  private readonly onSignal = () => this.wake();

  constructor(private readonly options: OutboxRelayOptions) {
    const names = new Set<string>();
    for (const s of options.subscribers) {
      if (names.has(s.name)) throw new Error(`outbox: two subscribers are named ${s.name}`);
      names.add(s.name);
      this.subscribers.set(s.event, [...(this.subscribers.get(s.event) ?? []), s]);
    }
  }

  start(): void {
    this.stopped = false;
    outboxSignal.on('emitted', this.onSignal);
    this.timer = setInterval(() => this.wake(), this.options.pollMs ?? 1000);
    this.timer.unref();
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    outboxSignal.off('emitted', this.onSignal);
    clearInterval(this.timer);
    await this.pumping;
  }

  /** Deliver now (an emit in this process has committed; or the poll). */
  wake(): void {
    if (this.stopped) return;
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = (async () => {
      await Promise.resolve(); // `pumping` is assigned before the body runs, so `finally` clears this round
      try {
        do {
          this.again = false;
          while (!this.stopped) {
            const report = await this.deliverDue();
            if (report.claimed < (this.options.batchSize ?? 50)) break;
          }
        } while (this.again && !this.stopped);
      } catch (err) {
        this.options.log.error({ err }, 'outbox: delivery round failed');
      } finally {
        this.pumping = undefined;
      }
    })();
  }

  /** One round: claim due rows, run their pending subscribers, record the outcome. */
  async deliverDue(): Promise<DeliveryReport> {
    const { db } = this.options;
    const leaseMs = this.options.leaseMs ?? 60_000;
    const limit = this.options.batchSize ?? 50;
    const { types } = this.options;
    const ofLane: SQL = types
      ? sql` and type in (${sql.join(
          types.map((type) => sql`${type}`),
          sql`, `,
        )})`
      : sql``;
    const result = await db.execute(sql`
      update ${outboxEvents} set claimed_until = now() + ${`${leaseMs} milliseconds`}::interval, attempts = attempts + 1
      where id in (
        select id from ${outboxEvents}
        where delivered_at is null and available_at <= now() and (claimed_until is null or claimed_until < now())${ofLane}
        order by id limit ${limit} for update skip locked)
      returning id, type, payload, created_at, attempts`);
    // UPDATE … RETURNING has no order: deliver a batch oldest first (a best effort; subscribers must not rely on it)
    const rows = withRows<Claimed>(result).rows.sort((a, b) => Number(a.id) - Number(b.id));
    const report: DeliveryReport = { claimed: rows.length, delivered: 0, failed: 0 };
    const delivered: Array<{ id: number; subscribers: string[] }> = [];
    for (const row of rows) {
      const outcome = await this.runSubscribers(row);
      if (outcome.errors.length === 0) {
        delivered.push({ id: outcome.id, subscribers: outcome.succeeded });
        continue;
      }
      report.failed += 1;
      const backoff = Math.min(
        (this.options.backoffMs ?? 1000) * 2 ** Math.max(0, row.attempts - 1),
        this.options.maxBackoffMs ?? 300_000,
      );
      await db.execute(sql`${this.recordDeliveries([{ id: outcome.id, subscribers: outcome.succeeded }])}
        update ${outboxEvents} set available_at = now() + ${`${backoff} milliseconds`}::interval, claimed_until = null,
          last_error = ${outcome.errors.join('; ').slice(0, 2000)}
        where id = ${outcome.id}`);
    }
    if (delivered.length > 0) {
      await db.execute(sql`${this.recordDeliveries(delivered)}
        update ${outboxEvents} set delivered_at = now(), claimed_until = null, last_error = null
        where id in (${sql.join(
          delivered.map((d) => sql`${d.id}`),
          sql`, `,
        )})`);
      report.delivered = delivered.length;
    }
    return report;
  }

  /** Run a claimed row's subscribers that have not succeeded yet; nothing is written here. */
  private async runSubscribers(row: Claimed): Promise<{ id: number; succeeded: string[]; errors: string[] }> {
    const id = Number(row.id);
    const subscribers = isEventType(row.type) ? (this.subscribers.get(row.type) ?? []) : [];
    // a row claimed for the first time has no delivery records yet
    const done =
      subscribers.length > 0 && row.attempts > 1 ? await this.doneSubscribers(id, subscribers) : new Set<string>();
    const succeeded: string[] = [];
    const errors: string[] = [];
    const meta = { eventId: id, createdAt: new Date(row.created_at) };
    for (const subscriber of subscribers) {
      if (done.has(subscriber.name)) continue;
      try {
        const payload = parseEvent(subscriber.event, row.payload);
        await subscriber.handle(payload as never, meta);
        succeeded.push(subscriber.name);
      } catch (err) {
        this.options.log.error(
          { err, eventId: id, type: row.type, subscriber: subscriber.name },
          'outbox: subscriber failed',
        );
        errors.push(`${subscriber.name}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    return { id, succeeded, errors };
  }

  /** `with … insert` of the delivery records of these subscribers' successes, for the closing update to follow. */
  private recordDeliveries(events: Array<{ id: number; subscribers: string[] }>): SQL {
    const values = events.flatMap((e) => e.subscribers.map((name) => sql`(${e.id}, ${name}, ${this.options.runner})`));
    if (values.length === 0) return sql``;
    return sql`with recorded as (
      insert into ${outboxDeliveries} (event_id, subscriber, runner) values ${sql.join(values, sql`, `)}
      on conflict do nothing)`;
  }

  private async doneSubscribers(id: number, subscribers: Subscriber[]): Promise<Set<string>> {
    const rows = await this.options.db
      .select({ subscriber: outboxDeliveries.subscriber })
      .from(outboxDeliveries)
      .where(
        and(
          eq(outboxDeliveries.eventId, id),
          inArray(
            outboxDeliveries.subscriber,
            subscribers.map((s) => s.name),
          ),
        ),
      );
    return new Set(rows.map((r) => r.subscriber));
  }
}

/** Delete delivered events (and their delivery records) older than `before`. */
export async function purgeDeliveredEvents(db: Db, before: Date): Promise<number> {
  const deleted = await db
    .delete(outboxEvents)
    .where(and(isNotNull(outboxEvents.deliveredAt), lt(outboxEvents.createdAt, before)))
    .returning({ id: outboxEvents.id });
  return deleted.length;
}
