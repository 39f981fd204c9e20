import { afterCommit } from '../observability/after-commit.ts';

type MemberListener = (memberId: number) => void;
type PostedListener = (kind: string) => void;

const memberListeners = new Set<MemberListener>();
const postedListeners = new Set<PostedListener>();

/**
 * In-process, after-commit signals for caches and metrics (synchronous: a money move's own request sees the
 * eviction before it answers). The durable, cross-process path is the domain events (outbox) and the cache's
 * Redis fan-out; these only make the emitting process consistent at once. Returns the unsubscribe function.
 */
export function onMemberChanged(listener: MemberListener): () => void {
  memberListeners.add(listener);
  return () => memberListeners.delete(listener);
}

export function onLedgerPosted(listener: PostedListener): () => void {
  postedListeners.add(listener);
  return () => postedListeners.delete(listener);
}

/** A member's wallet view, profile or sessions changed in the current transaction (or just now, outside one). */
export function memberChanged(...memberIds: number[]): void {
  afterCommit(() => {
    for (const id of memberIds) for (const listener of memberListeners) listener(id);
  });
}

/** A ledger transaction of `kind` was written in the current transaction. */
export function ledgerPosted(kind: string): void {
  afterCommit(() => {
    for (const listener of postedListeners) listener(kind);
  });
}
