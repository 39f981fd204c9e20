import { isErrorCode, type ErrorCode } from '@wallet/contract/errors';
import type { SQL } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { CHECK_VIOLATION, pgErrorCode } from '../../db/pg-error.ts';
import { inlineSql } from '../../db/sql-literal.ts';
import { AppError } from '../../errors.ts';
import { afterCommitScope } from '../../observability/after-commit.ts';
import { moneyScript } from './money-transaction.ts';

/**
 * A refusal raised inside a one-trip script: a catalogue code (the AppError of that name), or KEY_ANSWERED (the
 * request's Idempotency-Key already has an answer: the caller replays it) or POSTING_REPLAYED (a posting's key was
 * already used: a one-trip posting must be new).
 */
export type TripRefusal = ErrorCode | 'KEY_ANSWERED' | 'POSTING_REPLAYED';

/**
 * One step of a one-trip script, run in order in ONE implicit transaction:
 * - `statement`: a statement of its own; its rows come back (`OneTripResult.rows`, in the order of these steps);
 * - `refuse` … `when`: a boolean SQL condition read by a statement of its own (a fresh snapshot, after the steps before
 *   it); true rolls the whole script back with the refusal;
 * - `row` … `refuse`: a statement answering one row, read into `trip_row` (e.g. a posting), then each `when` (a fixed
 *   PL/pgSQL condition on `trip_row`, never a value) in order: the first true one rolls everything back with its refusal.
 * `done` runs after the commit (in the script's afterCommit scope): events recorded, signals.
 */
export type TripStep = { done?: () => void; checkViolation?: ErrorCode } & (
  | { statement: SQL }
  | { refuse: TripRefusal; when: SQL }
  | { row: SQL; refuse: Array<{ code: TripRefusal; when: string }> }
);

export type OneTripResult = { rows: Array<Array<Record<string, unknown>>> };

/** The script refused with KEY_ANSWERED or POSTING_REPLAYED (catalogue codes are thrown as AppError). */
export class TripRefused extends Error {
  constructor(readonly code: TripRefusal) {
    super(`one trip refused: ${code}`);
    this.name = 'TripRefused';
  }
}

const REFUSAL_PATTERN = /^[A-Z][A-Z_]*$/;
/** the refusals' SQLSTATE (raise_exception) */
const RAISED = 'P0001';

function raise(code: TripRefusal): string {
  if (!REFUSAL_PATTERN.test(code)) throw new Error(`one trip: ${code} is not a refusal code`);
  return `raise exception using message = '${code}', errcode = '${RAISED}';`;
}

/**
 * The script's text: plain statements as they are, each run of `refuse`/`row` steps as one `DO` block whose every
 * statement takes its own snapshot (PL/pgSQL under READ COMMITTED). The block's dollar-quote tag is random and checked
 * absent from its body, so no literal inside can end it.
 */
function tripScript(steps: readonly TripStep[]): { text: string; statementIndexes: number[] } {
  const statements: string[] = [];
  const statementIndexes: number[] = [];
  let block: string[] = [];
  const flush = () => {
    if (block.length === 0) return;
    const body = block.join('\n');
    const tag = `$trip_${randomBytes(9).toString('hex')}$`;
    if (body.includes(tag)) throw new Error('one trip: the block tag occurs in its body');
    statements.push(`do ${tag} declare trip_row record; begin\n${body}\nend ${tag}`);
    block = [];
  };
  for (const step of steps) {
    if ('statement' in step) {
      flush();
      statementIndexes.push(statements.length);
      statements.push(inlineSql(step.statement));
    } else if ('when' in step) {
      block.push(`if (${inlineSql(step.when)}) then ${raise(step.refuse)} end if;`);
    } else {
      block.push(`${inlineSql(step.row)}\ninto trip_row;`);
      for (const check of step.refuse) block.push(`if (${check.when}) then ${raise(check.code)} end if;`);
    }
  }
  flush();
  return { text: statements.join(';\n'), statementIndexes };
}

type ScriptClient =
  | { exec(text: string): Promise<Array<{ rows: unknown[] }>> }
  | { query(text: string): Promise<{ rows: unknown[] } | Array<{ rows: unknown[] }>> };

/** Send the script as ONE simple-query message: PGlite `exec`, node-postgres `query` without parameters. */
async function send(db: Db, text: string): Promise<Array<{ rows: unknown[] }>> {
  const client = (db as unknown as { $client: ScriptClient }).$client;
  if ('exec' in client) return client.exec(text);
  const answer = await client.query(text);
  return Array.isArray(answer) ? answer : [answer];
}

/**
 * A money move in ONE database round trip (docs/decisions/0051-one-round-trip-money-moves.md): `build` makes the
 * steps (called again for a retried attempt, inside that attempt's afterCommit scope), the script runs as one implicit
 * transaction, a deadlock or serialization failure sends it again (as `moneyTransaction` does), a refusal throws the
 * AppError of its code (or `TripRefused`) and leaves nothing behind.
 */
export function runOneTrip(db: Db, build: () => TripStep[] | Promise<TripStep[]>): Promise<OneTripResult> {
  return moneyScript(() =>
    afterCommitScope(async () => {
      const steps = await build();
      const { text, statementIndexes } = tripScript(steps);
      let results: Array<{ rows: unknown[] }>;
      try {
        results = await send(db, text);
      } catch (err) {
        throw refusalOf(err, steps) ?? err;
      }
      for (const step of steps) step.done?.();
      return {
        rows: statementIndexes.map((index) => (results[index]?.rows ?? []) as Array<Record<string, unknown>>),
      };
    }),
  );
}

function refusalOf(err: unknown, steps: readonly TripStep[]): Error | null {
  const code = pgErrorCode(err);
  if (code === CHECK_VIOLATION) {
    const mapped = steps.find((step) => step.checkViolation)?.checkViolation;
    return mapped ? new AppError(mapped) : null;
  }
  if (code !== RAISED) return null;
  const message = (err as { message?: unknown }).message;
  if (message === 'KEY_ANSWERED' || message === 'POSTING_REPLAYED') return new TripRefused(message);
  return isErrorCode(message) ? new AppError(message) : null;
}
