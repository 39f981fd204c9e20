/**
 * Preloaded into the bench's server processes (`node --import ./query-counter.ts`): counts every statement sent
 * through `pg` (one statement = one database round trip; BEGIN and COMMIT included), by statement text. On SIGUSR2 it
 * writes the running totals to BENCH_QUERY_LOG as JSON, so run.ts can diff them around a scenario and report round
 * trips per request. Bench only: never loaded by the product.
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

(pg.Client.prototype as unknown as { query: QueryFn }).query = function query(this: pg.Client, ...args: unknown[]) {
  total++;
  const key = textOf(args[0]).replace(/\s+/g, ' ').trim().slice(0, 160);
  counts.set(key, (counts.get(key) ?? 0) + 1);
  return original.apply(this, args);
};

if (file) {
  process.on('SIGUSR2', () => {
    writeFileSync(file, JSON.stringify({ total, statements: Object.fromEntries(counts) }));
  });
}
