import { getTableColumns, is, SQL, sql, type SQLWrapper } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { CHECK_VIOLATION, pgErrorCode } from '../../db/pg-error.ts';
import type { AppError } from '../../errors.ts';
import { eventRecorded, outboxPayload } from '../../events/emit.ts';
import type { DomainEvent } from '../../events/event-map.ts';
import { isMemberAccount } from './account-codes.ts';
import { withRows } from '../../db/raw.ts';

/** True in the posting statement only when it inserted a new ledger transaction row (not on an idempotent replay). */
const POSTED = sql`exists (select 1 from t)`;

declare const postedWrite: unique symbol;
/** A write made by `insertWhenPosted` or `updateWhenPosted`: part of the posting's statement, gated on its new row. */
export type PostedWrite = { readonly [postedWrite]: true; readonly sql: SQL };

/**
 * One row into `table` with a posting, in its statement, only when the posting is new (docs/decisions/0019):
 * `insert … select <values> where exists (select 1 from t)`. Columns left undefined take their defaults; a column
 * given as an `sql` expression takes its value from it (a read in the same statement, ADR 0051).
 */
export function insertWhenPosted<T extends PgTable>(
  table: T,
  row: { [K in keyof T['$inferInsert']]: T['$inferInsert'][K] | SQL },
): PostedWrite {
  const values = row as Record<string, unknown>;
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => values[key] !== undefined);
  const names = sql.join(
    columns.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  const params = sql.join(
    columns.map(([key, column]) => {
      const value = values[key];
      const typed = is(value, SQL) ? sql`(${value})` : sql.param(value, column);
      return sql`${typed}::${sql.raw(column.getSQLType())}`;
    }),
    sql`, `,
  );
  return { sql: sql`insert into ${table} (${names}) select ${params} where ${POSTED}` } as PostedWrite;
}

/**
 * An UPDATE with a posting, in its statement, only when the posting is new: `build` gets that condition and puts it
 * in the UPDATE's WHERE (`update(…).set(…).where(and(…, posted))`).
 */
export function updateWhenPosted(build: (posted: SQL) => SQLWrapper): PostedWrite {
  return { sql: build(POSTED).getSQL() } as PostedWrite;
}

const isPostedWrite = (write: SQLWrapper | PostedWrite): write is PostedWrite => !('getSQL' in write);

/**
 * What a caller posts with a ledger transaction (in its transaction). Everything here happens only when the posting
 * inserts a new transaction row: an idempotent replay writes none of it (docs/decisions/0019).
 */
export type PostAlongside = {
  /**
   * INSERTs or UPDATEs whose results the caller does not need. An `insertWhenPosted` or `updateWhenPosted` runs in
   * the posting's own statement; any other statement runs right after it, in one more statement, and only after a
   * new posting.
   */
  writes?: Array<SQLWrapper | PostedWrite>;
  /** domain events of the caller's, recorded in the outbox by the same statement (not on a replay) */
  events?: DomainEvent[];
  /**
   * A condition read by the statement (its snapshot is taken when it starts, after every lock the caller's earlier
   * statements took); when false, `error` is thrown and the caller's transaction rolls back with every write.
   */
  guard?: { check: SQL; error: AppError };
};

/** One account's change, in lock order. */
type AccountChange = { code: string; memberId: number | null; amount: bigint };

export type PostedRow = {
  transaction: {
    kind: string;
    currency: string;
    memberId: number | null;
    key: string | null;
    reference: string | null;
  };
  metadata: Record<string, unknown>;
  changes: AccountChange[];
  /** the `ledger.posted` event without its transactionId (the statement adds it) */
  posted: DomainEvent;
};

type Row = { tx_id: string | number | bigint | null; guard_ok: boolean | null } & Record<string, unknown>;
export type PostOutcome = { transactionId: bigint | null; refused: boolean };

/** The posting statement built (`buildPostStatement`): what `runPostStatement` sends, or a one-trip script inlines. */
export type BuiltPosting = {
  /** one row: `tx_id` (null on an idempotent replay), `guard_ok`, and `a0…aN` (null where a debit was refused) */
  statement: SQL;
  /** the statement's parts, for a caller that adds columns to its result: the CTE list and the result's columns */
  parts: { with: SQL; select: SQL };
  /** how many account changes (`a0…aN`) the row reports */
  changes: number;
  /** the caller's writes that run in one more statement after a new posting */
  after: SQLWrapper[];
  /** the outbox rows the statement writes (after a commit: `eventRecorded` each) */
  events: DomainEvent[];
};

/**
 * The whole posting in ONE statement of data-modifying CTEs: the transaction row (`t`, nothing on an idempotent
 * replay), each account's conditional update or upsert chained in lock order (`a0` runs before `a1`: each waits for
 * the one before it, so the global lock order holds), the entries and the `ledger.posted` outbox row, the caller's
 * events and `insertWhenPosted` / `updateWhenPosted` writes (all of these only with a new transaction row), and the caller's guard. The
 * caller's other writes follow in one more statement, again only after a new transaction row. A refused debit (`aN`
 * returns nothing) or a false guard is reported to the caller, who throws: its transaction rolls back every write.
 */
export async function runPostStatement(tx: Tx, row: PostedRow, also: PostAlongside = {}): Promise<PostOutcome> {
  const built = buildPostStatement(row, also);
  let result: Row | undefined;
  try {
    result = withRows<Row>(await tx.execute(built.statement)).rows[0];
  } catch (err) {
    if (pgErrorCode(err) === CHECK_VIOLATION) return { transactionId: null, refused: true };
    throw err;
  }
  if (!result) throw new Error('ledger: the posting statement answered nothing');
  if (also.guard && !result.guard_ok) throw also.guard.error;
  if (result.tx_id === null) return { transactionId: null, refused: false };
  const refused = row.changes.some((_, i) => result[`a${i}`] === null || result[`a${i}`] === undefined);
  if (refused) return { transactionId: BigInt(String(result.tx_id)), refused };
  if (built.after.length > 0) {
    const statements = built.after.map((write, i) => sql`${sql.raw(`w${i}`)} as (${write.getSQL()})`);
    await tx.execute(sql`with ${sql.join(statements, sql`, `)} select 1`);
  }
  for (const event of built.events) eventRecorded(event);
  return { transactionId: BigInt(String(result.tx_id)), refused };
}

/** The posting statement of `runPostStatement`, built and not sent. */
export function buildPostStatement(row: PostedRow, also: PostAlongside = {}): BuiltPosting {
  const { transaction: t, changes } = row;
  const ctes: SQL[] = [];
  ctes.push(sql`t as (insert into ledger_transactions (kind, idempotency_key, reference, member_id, currency, metadata)
    values (${t.kind}::text, ${t.key}::text, ${t.reference}::text, ${t.memberId}::int, ${t.currency}::text,
      ${JSON.stringify(row.metadata)}::jsonb)
    on conflict do nothing returning id)`);
  changes.forEach((c, i) => {
    const name = sql.raw(`a${i}`);
    const after = i === 0 ? sql`exists (select 1 from t)` : sql`exists (select 1 from ${sql.raw(`a${i - 1}`)})`;
    if (isMemberAccount(c.code) && c.amount < 0n) {
      // a debit: PostgreSQL checks CHECK constraints on the proposed insert row before it sees the conflict,
      // so debits are a conditional UPDATE (a missing account has nothing to debit)
      ctes.push(sql`${name} as (update ledger_accounts set balance = balance + ${c.amount}::bigint
        where code = ${c.code}::text and currency = ${t.currency}::text and balance + ${c.amount}::bigint >= 0 and ${after}
        returning id)`);
    } else {
      ctes.push(sql`${name} as (insert into ledger_accounts (code, currency, member_id, balance, allow_negative)
        select ${c.code}::text, ${t.currency}::text, ${c.memberId}::int, ${c.amount}::bigint, ${!isMemberAccount(c.code)}::boolean
        where ${after}
        on conflict (code, currency) do update set balance = ledger_accounts.balance + excluded.balance
        where ledger_accounts.allow_negative or ledger_accounts.balance + excluded.balance >= 0
        returning id)`);
    }
  });
  if (changes.length > 0) {
    const legs = sql.join(
      changes.map((c, i) => sql`select id, ${c.amount}::bigint as amount from ${sql.raw(`a${i}`)}`),
      sql` union all `,
    );
    ctes.push(sql`e as (insert into ledger_entries (transaction_id, account_id, amount, currency)
      select t.id, legs.id, legs.amount, ${t.currency}::text from t cross join (${legs}) legs)`);
  }
  ctes.push(sql`ev as (insert into outbox_events (type, payload)
    select ${row.posted.type}::text, ${JSON.stringify(outboxPayload(row.posted))}::jsonb
      || jsonb_build_object('transactionId', t.id::text) from t returning id)`);
  // the caller's events after it, in their order (each reads the count of the one before, so it runs first)
  const events = also.events ?? [];
  events.forEach((event, i) => {
    ctes.push(sql`${sql.raw(`ev${i}`)} as (insert into outbox_events (type, payload)
      select ${event.type}::text, ${JSON.stringify(outboxPayload(event))}::jsonb
      from (select count(*) from ${sql.raw(i === 0 ? 'ev' : `ev${i - 1}`)}) before where ${POSTED} returning id)`);
  });
  const writes = also.writes ?? [];
  writes.filter(isPostedWrite).forEach((write, i) => ctes.push(sql`${sql.raw(`w${i}`)} as (${write.sql})`));
  const after = writes.filter((write): write is SQLWrapper => !isPostedWrite(write));

  const results = [
    sql`(select id from t)::text as tx_id`,
    sql`${also.guard ? also.guard.check : sql`true`} as guard_ok`,
    ...changes.map((_, i) => sql`(select id from ${sql.raw(`a${i}`)}) as ${sql.raw(`a${i}`)}`),
  ];
  const parts = { with: sql.join(ctes, sql`, `), select: sql.join(results, sql`, `) };
  return {
    statement: sql`with ${parts.with} select ${parts.select}`,
    parts,
    changes: changes.length,
    after,
    events: [...events, row.posted],
  };
}
