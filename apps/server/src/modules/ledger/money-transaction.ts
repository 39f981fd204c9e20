import type { Db, Tx } from '../../db/client.ts';
import { withRetry } from '../../db/pg-error.ts';

type TxConfig = Parameters<Db['transaction']>[1];

/**
 * THE transaction of a money flow (docs/decisions/0019-money-transaction-and-member-lock.md): on 40001
 * (serialization failure) or 40P01 (deadlock) it rolls back and runs `work` again from the start, up to 5 attempts
 * with a bounded, jittered backoff; any other error is thrown at once. `work` keeps every effect inside `tx`;
 * in-process signals go through `afterCommit`. `LedgerService.transaction` is this function on the service's db.
 * No other code wraps a transaction in `withRetry` (test/foundation/money-transaction.test.ts).
 */
export function moneyTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>, config?: TxConfig): Promise<T> {
  return withRetry(() => db.transaction(work, config));
}

/**
 * The same retries for a money transaction sent as one script (ledger/one-trip.ts,
 * docs/decisions/0051-one-round-trip-money-moves.md): `send` builds and sends the whole script again on 40001/40P01.
 */
export function moneyScript<T>(send: () => Promise<T>): Promise<T> {
  return withRetry(send);
}
