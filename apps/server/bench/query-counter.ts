/**
 * Preloaded into the bench's server processes (`node --import ./query-counter.ts`): counts every statement sent
 * through `pg` (one statement = one database round trip; BEGIN and COMMIT included), by statement text. On SIGUSR2 it
 * writes the running totals to BENCH_QUERY_LOG as JSON, so run.ts can diff them around a scenario and report round
 * trips per request. Started with `--expose-gc` (bench:soak), it first collects garbage and adds the process's memory
 * after the collection (`memory`: rss, heapUsed, external…), so a soak can tell a leak from the working set. Bench
 * only: never loaded by the product.
 */
import { writeFileSync } from 'node:fs';
import pg from 'pg';

const file = process.env.BENCH_QUERY_LOG;
const counts = new Map<string, number>();
let total = 0;

type QueryFn = (this: pg.Client, ...args: unknown[]) => unknown;
const original = pg.Client.prototype.query as unknown as QueryFn;

function textOf(arg: unknown): string {
  if (typeof arg === 'string') return arg;
  if (arg && typeof arg === 'object' && 'text' in arg) return String((arg as { text: unknown }).text);
  return '?';
}

/** a one-trip move's EXECUTEs carry their values as literals: counted by the names of the statements they run */
const EXECUTE_ARGS = /\(([^'()]|'(?:[^']|'')*'|\([^()]*\))*\)/g;

function count(statement: unknown): void {
  total++;
  let key = textOf(statement).replace(/\s+/g, ' ').trim();
  if (key.startsWith('execute ')) key = key.replace(EXECUTE_ARGS, '(…)');
  key = key.slice(0, 160);
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

(pg.Client.prototype as unknown as { query: QueryFn }).query = function query(this: pg.Client, ...args: unknown[]) {
  count(args[0]);
  return original.apply(this, args);
};

/**
 * BENCH_COUNT_PGLITE=1 (bench:embedded): the same for PGlite, where a round trip is a call into the database in the
 * process: every `query` and `exec`, inside a transaction too, and a transaction's BEGIN and its COMMIT or ROLLBACK.
 */
if (process.env.BENCH_COUNT_PGLITE === '1') {
  type Run = (this: unknown, ...args: unknown[]) => unknown;
  type Runner = { query: Run; exec: Run };
  const { PGlite } = await import('@electric-sql/pglite');
  const proto = PGlite.prototype as unknown as Runner & { transaction: (cb: (tx: Runner) => unknown) => unknown };
  const counted = (run: Run): Run =>
    function (this: unknown, ...args: unknown[]) {
      count(args[0]);
      return run.apply(this, args);
    };
  proto.query = counted(proto.query);
  proto.exec = counted(proto.exec);
  const transaction = proto.transaction;
  proto.transaction = function (this: unknown, callback: (tx: Runner) => unknown) {
    count('BEGIN');
    const run = transaction.call(this, (tx: Runner) => {
      const { query, exec } = tx;
      tx.query = counted((...args) => query.apply(tx, args));
      tx.exec = counted((...args) => exec.apply(tx, args));
      return callback(tx);
    }) as Promise<unknown>;
    return run.finally(() => count('COMMIT or ROLLBACK'));
  };
}

if (file) {
  process.on('SIGUSR2', () => {
    const gc = (globalThis as { gc?: () => void }).gc;
    if (gc) gc();
    const memory = gc ? process.memoryUsage() : undefined;
    writeFileSync(
      file,
      JSON.stringify({ total, statements: Object.fromEntries(counts), ...(memory ? { memory } : {}) }),
    );
  });
}
