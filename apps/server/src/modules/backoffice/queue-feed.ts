import type { QueueCounts } from '@wallet/contract/admin/queues';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { onQueueChanged, type QueueSignal } from '../../realtime/queue-signals.ts';
import type { Realtime } from '../../realtime/gateway.ts';
import { queueCounts } from './queue-counts.ts';

/** Changes committed within this window are counted once (a bulk approval of 50 rows: one count, 50 signals). */
const COALESCE_MS = 100;
/** More changes than this in one window: one signal per queue (the console refetches the page either way). */
const SIGNALS_PER_FLUSH = 50;

/**
 * The operators' live queue feed (docs/decisions/0033-live-queues.md): each queue change committed in this process
 * becomes a `queue.changed` signal to the operators' room, with the queues' counts, through the socket adapter
 * (every process's consoles hear it). Returns the stop function.
 */
export function startQueueFeed(deps: {
  db: Db;
  realtime: Pick<Realtime, 'toOperators'>;
  log: FastifyBaseLogger;
}): () => void {
  let pending: QueueSignal[] = [];
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  const flush = async () => {
    timer = null;
    const batch = pending;
    pending = [];
    if (stopped || batch.length === 0) return;
    let counts: QueueCounts;
    try {
      counts = await queueCounts(deps.db);
    } catch (err) {
      deps.log.warn({ err }, 'queue feed: counts not read');
      return;
    }
    const signals = batch.length <= SIGNALS_PER_FLUSH ? batch : [...new Map(batch.map((s) => [s.kind, s])).values()];
    for (const s of signals) deps.realtime.toOperators('queue.changed', { ...s, counts });
  };

  const off = onQueueChanged((signal) => {
    if (stopped) return;
    pending.push(signal);
    timer ??= setTimeout(() => void flush(), COALESCE_MS);
    timer.unref?.();
  });
  return () => {
    stopped = true;
    off();
    if (timer) clearTimeout(timer);
  };
}
