import type { QueueKind } from '@wallet/contract/admin/queues';
import { afterCommit } from '../observability/after-commit.ts';

/** One row of an operator queue changed: which queue, which row, its state now. */
export type QueueSignal = { kind: QueueKind; id: string; state: string };
type QueueListener = (signal: QueueSignal) => void;

const listeners = new Set<QueueListener>();

/**
 * A queue row changed in the current transaction (created, decided, paid, failed...): once it commits, this
 * process's listener (the back office's queue feed) counts the queues and tells every operator console, on any
 * process, through the socket adapter (docs/decisions/0033-live-queues.md). A rolled-back change signals nothing.
 * A live-UI signal only: nothing durable depends on it (a console that misses one refetches on reconnect).
 */
export function queueChanged(kind: QueueKind, id: string | number, state: string): void {
  afterCommit(() => {
    for (const listener of listeners) listener({ kind, id: String(id), state });
  });
}

/** Listen to queue changes of this process; returns the unsubscribe function. */
export function onQueueChanged(listener: QueueListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
