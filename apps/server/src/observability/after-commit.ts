import { AsyncLocalStorage } from 'node:async_hooks';

/** `settled`: the transaction has ended; a callback registered later (work it left running) runs at once */
type Callbacks = { list: Array<() => void>; settled: boolean };
const pending = new AsyncLocalStorage<Callbacks>();
const INSTALLED = Symbol.for('wallet.afterCommit');

type Transactional = { transaction: (...args: never[]) => Promise<unknown> };

/**
 * Make `db.transaction` run `afterCommit` callbacks once it has committed (dropped on rollback). Each top-level
 * transaction gets its own list; a savepoint (`tx.transaction`) shares its parent's. Installed once per db object
 * (db/client.ts, for every database it opens).
 */
export function installAfterCommit(db: Transactional): void {
  const target = db as Transactional & { [INSTALLED]?: true };
  if (target[INSTALLED]) return;
  const original = target.transaction.bind(target) as (...args: unknown[]) => Promise<unknown>;
  target.transaction = ((...args: unknown[]) =>
    afterCommitScope(() => original(...args))) as Transactional['transaction'];
  target[INSTALLED] = true;
}

/**
 * Run `work`, one database transaction (a `db.transaction`, or a one-round-trip script: ledger/one-trip.ts), with its
 * own `afterCommit` list: the callbacks run once `work` resolves (it committed), and are dropped when it throws.
 */
export function afterCommitScope<T>(work: () => Promise<T>): Promise<T> {
  const callbacks: Callbacks = { list: [], settled: false };
  return pending.run(callbacks, async () => {
    try {
      const result = await work();
      for (const callback of callbacks.list) callback();
      return result;
    } finally {
      callbacks.settled = true;
    }
  });
}

/**
 * Run `callback` once the current transaction commits; at once when there is no transaction (call it after an
 * autocommit statement). Callbacks must not throw and must be cheap (cache eviction, a metric, a publish).
 */
export function afterCommit(callback: () => void): void {
  const callbacks = pending.getStore();
  if (callbacks && !callbacks.settled) callbacks.list.push(callback);
  else callback();
}
