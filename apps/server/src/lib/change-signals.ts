import { afterCommit } from '../observability/after-commit.ts';

/** What changed: `view` a member's balances or game accounts only; `all` also their profile, status or sessions. */
export type MemberChangeScope = 'view' | 'all';
type MemberListener = (memberId: number, scope: MemberChangeScope) => void;
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

/** A member's profile, status or sessions changed in the current transaction (or just now, outside one). */
export function memberChanged(...memberIds: number[]): void {
  signal(memberIds, 'all');
}

/**
 * Only a member's balances or game accounts changed (a money move): their session rows stay cached, so the money
 * move's own next request does not read its session again.
 */
export function memberBalanceChanged(...memberIds: number[]): void {
  signal(memberIds, 'view');
}

function signal(memberIds: number[], scope: MemberChangeScope): void {
  afterCommit(() => {
    for (const id of memberIds) for (const listener of memberListeners) listener(id, scope);
  });
}

/** A ledger transaction of `kind` was written in the current transaction. */
export function ledgerPosted(kind: string): void {
  afterCommit(() => {
    for (const listener of postedListeners) listener(kind);
  });
}
