/**
 * A Map that keeps its newest `capacity` keys: adding a key past it drops the oldest added (insertion order; setting
 * a key again does not make it newer). Every simulator's store is one, so a long run (the soak, docs/performance.md)
 * or a staging site holds a bounded working set instead of one record per payment for ever. A record dropped is
 * answered as unknown (NOT_FOUND): each store's bound is far above what a test or a demo reads back, and above what
 * the wallet's reconcilers ask about (they ask within minutes of the call).
 */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(readonly capacity: number) {
    super();
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new RangeError('BoundedMap: capacity must be a positive integer');
  }

  override set(key: K, value: V): this {
    const fresh = !this.has(key);
    super.set(key, value);
    if (fresh && this.size > this.capacity) {
      for (const oldest of this.keys()) {
        if (this.size <= this.capacity) break;
        this.delete(oldest);
      }
    }
    return this;
  }
}
