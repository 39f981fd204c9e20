import { isErrorCode, type ErrorCode } from '@wallet/contract/errors';
import { sql, type SQL } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { keepsPreparedStatements, type Db } from '../../db/client.ts';
import { CHECK_VIOLATION, pgErrorCode } from '../../db/pg-error.ts';
import { preparedStatement, sendPrepared, sendScript } from '../../db/prepared-script.ts';
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
 * - `row` … `refuse`: a statement answering one row (`with <with> select <select>`, e.g. a posting), read as
 *   `trip_row`, then each `when` (a fixed condition on `trip_row`'s columns, never a value) in order: the first true
 *   one rolls everything back with its refusal.
 * `done` runs after the commit (in the script's afterCommit scope): events recorded, signals.
 */
export type TripStep = { done?: () => void; checkViolation?: ErrorCode } & (
  | { statement: SQL }
  | { refuse: TripRefusal; when: SQL }
  | { row: { with: SQL; select: SQL }; refuse: Array<{ code: TripRefusal; when: string }> }
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

function checked(code: TripRefusal): TripRefusal {
  if (!REFUSAL_PATTERN.test(code)) throw new Error(`one trip: ${code} is not a refusal code`);
  return code;
}

const raise = (code: TripRefusal) => `raise exception using message = '${checked(code)}', errcode = '${RAISED}';`;

/**
 * Refusals in prepared statements (no PL/pgSQL block there): a function of the connection's own temporary schema,
 * created with its first prepared statements (`sendPrepared`'s setup), volatile so it runs only when its CASE arm does.
 */
const REFUSE_FUNCTION = `create or replace function pg_temp.trip_refuse(code text) returns boolean language plpgsql
  volatile as $refuse$ begin raise exception using message = code, errcode = '${RAISED}'; end $refuse$`;
const refuseCall = (code: TripRefusal) => sql.raw(`pg_temp.trip_refuse('${checked(code)}')`);

/**
 * The script as prepared statements, one per step: a plain statement as it is; a `refuse` step as
 * `select case when (<when>) then <refuse> end`; a `row` step as its statement whose result is read as `trip_row`
 * with a first column that refuses on the first true check. Each takes its own snapshot, as in the `DO` block.
 */
function preparedTrip(steps: readonly TripStep[]) {
  return steps.map((step) => {
    if ('statement' in step) return preparedStatement(step.statement);
    if ('when' in step) {
      return preparedStatement(
        sql`select case when (${step.when}) then ${refuseCall(step.refuse)} end as trip_refused`,
      );
    }
    const arms = step.refuse.map((check) => sql` when (${sql.raw(check.when)}) then ${refuseCall(check.code)}`);
    return preparedStatement(
      sql`with ${step.row.with} select case${sql.join(arms)} end as trip_refused, trip_row.* from (select ${step.row.select}) trip_row`,
    );
  });
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
      block.push(`${inlineSql(sql`with ${step.row.with} select ${step.row.select}`)}\ninto trip_row;`);
      for (const check of step.refuse) block.push(`if (${check.when}) then ${raise(check.code)} end if;`);
    }
  }
  flush();
  return { text: statements.join(';\n'), statementIndexes };
}

/**
 * Send the steps as ONE simple-query message: EXECUTEs of statements prepared on the connection (ADR 0053), or,
 * where connections do not keep prepared statements (a transaction-mode pooler), the script of literals with its
 * `DO` blocks (ADR 0051). Answers the result of each `statement` step, in order.
 */
async function send(db: Db, steps: readonly TripStep[]): Promise<Array<{ rows: unknown[] }>> {
  if (keepsPreparedStatements(db)) {
    const results = await sendPrepared(db, preparedTrip(steps), REFUSE_FUNCTION);
    return steps.flatMap((step, i) => ('statement' in step ? [results[i] ?? { rows: [] }] : []));
  }
  const { text, statementIndexes } = tripScript(steps);
  const results = await sendScript(db, text);
  return statementIndexes.map((index) => results[index] ?? { rows: [] });
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
      let results: Array<{ rows: unknown[] }>;
      try {
        results = await send(db, steps);
      } catch (err) {
        throw refusalOf(err, steps) ?? err;
      }
      for (const step of steps) step.done?.();
      return { rows: results.map((result) => result.rows as Array<Record<string, unknown>>) };
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
