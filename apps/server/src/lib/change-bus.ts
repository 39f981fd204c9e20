import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

/**
 * "Something changed" notices between the server processes of one deployment (settings invalidation today).
 * Fire and forget: a subscriber that was disconnected may have missed notices, so it is told (`onResync`) and
 * must drop whatever it cached. Not a queue: durable delivery is the outbox's job.
 */
export interface ChangeBus {
  /** Deliver `message` on `topic` to every process's subscribers, this one included. */
  publish(topic: string, message: string): Promise<void>;
  subscribe(topic: string, handler: (message: string) => void): void;
  /** Called when notices may have been missed (a reconnect); also whether notices flow right now. */
  onResync(handler: () => void): void;
  readonly live: boolean;
  close(): Promise<void>;
}

/** One process: notices go straight to this process's subscribers. */
export class MemoryChangeBus implements ChangeBus {
  private readonly emitter = new EventEmitter();
  readonly live = true;

  async publish(topic: string, message: string): Promise<void> {
    this.emitter.emit(topic, message);
  }
  subscribe(topic: string, handler: (message: string) => void): void {
    this.emitter.on(topic, handler);
  }
  onResync(): void {
    // nothing is ever missed in one process
  }
  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

/** Redis pub/sub on `${prefix}bus:${topic}`; one connection publishes, one listens. */
class RedisChangeBus implements ChangeBus {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly handlers = new Map<string, Array<(message: string) => void>>();
  private readonly resync: Array<() => void> = [];
  private connected = false;
  private everConnected = false;

  constructor(
    url: string,
    private readonly prefix: string,
    onError: (err: unknown) => void,
  ) {
    this.publisher = new Redis(url, { maxRetriesPerRequest: 2 });
    this.subscriber = new Redis(url, { maxRetriesPerRequest: null });
    this.publisher.on('error', onError);
    this.subscriber.on('error', onError);
    // ioredis re-subscribes on reconnect; whatever was published in between is lost, so subscribers resync
    this.subscriber.on('ready', () => {
      this.connected = true;
      if (this.everConnected) for (const handler of this.resync) handler();
      this.everConnected = true;
    });
    this.subscriber.on('close', () => {
      if (this.connected) for (const handler of this.resync) handler();
      this.connected = false;
    });
    this.subscriber.on('message', (channel: string, message: string) => {
      for (const handler of this.handlers.get(channel) ?? []) handler(message);
    });
  }

  get live(): boolean {
    return this.connected;
  }

  private channel(topic: string): string {
    return `${this.prefix}bus:${topic}`;
  }

  async publish(topic: string, message: string): Promise<void> {
    await this.publisher.publish(this.channel(topic), message);
  }

  subscribe(topic: string, handler: (message: string) => void): void {
    const channel = this.channel(topic);
    const list = this.handlers.get(channel);
    if (list) {
      list.push(handler);
      return;
    }
    this.handlers.set(channel, [handler]);
    void this.subscriber.subscribe(channel).catch(() => {
      // retried by ioredis on reconnect (it re-subscribes every channel it knows)
    });
  }

  /** Resolves once every subscription so far is registered with Redis (tests and boot wait on it). */
  async ready(): Promise<void> {
    const channels = [...this.handlers.keys()];
    if (channels.length > 0) await this.subscriber.subscribe(...channels);
  }

  onResync(handler: () => void): void {
    this.resync.push(handler);
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.publisher.quit(), this.subscriber.quit()]);
  }
}

export function createChangeBus(
  redisUrl: string | undefined,
  prefix: string,
  onError: (err: unknown) => void,
): ChangeBus & { ready?(): Promise<void> } {
  return redisUrl ? new RedisChangeBus(redisUrl, prefix, onError) : new MemoryChangeBus();
}

/**
 * `bus`, with every failed publish reported once to `failed` (the app logs a warning and counts it in
 * `wallet_change_bus_publish_failures_total`) and then rethrown, so each caller keeps its own handling
 * (docs/decisions/0027-notification-path.md). Topics are fixed names; the message is never reported.
 */
export function reportPublishFailures<B extends ChangeBus>(bus: B, failed: (topic: string, err: unknown) => void): B {
  const publish = bus.publish.bind(bus);
  bus.publish = async (topic, message) => {
    try {
      await publish(topic, message);
    } catch (err) {
      failed(topic, err);
      throw err;
    }
  };
  return bus;
}
