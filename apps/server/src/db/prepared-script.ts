// Scripts of statements prepared once per connection (docs/decisions/0053-prepared-one-trip-scripts.md): a money
// move's statements are PREPAREd on a connection the first time it runs them, in a round trip of their own, and each
// move after that is ONE simple-query message of `execute <name>(<literals>)` — one round trip, one implicit
// transaction, and plans PostgreSQL keeps per connection instead of parsing and planning every statement again.
import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';
import { sqlLiteral } from './sql-literal.ts';

type ScriptAnswer = Array<{ rows: unknown[] }>;
type PgliteClient = { exec(text: string): Promise<ScriptAnswer> };
type PgClient = {
  query(text: string): Promise<{ rows: unknown[] } | ScriptAnswer>;
  release(err?: Error | boolean): void;
};
type PgPool = { connect(): Promise<PgClient>; query(text: string): Promise<{ rows: unknown[] } | ScriptAnswer> };
type ScriptClient = PgliteClient | PgPool;

/**
 * The statements a connection has prepared, oldest first (per node-postgres client or per PGlite instance). A
 * connection keeps at most `KEPT` of them: a shape past that deallocates the oldest (the statements' texts are
 * shapes, not values, so a working server holds a handful).
 */
const preparedOn = new WeakMap<object, Held>();
/** What one connection holds: its prepared statements (oldest first) and the setups it has run. */
type Held = { statements: Set<string>; setups: Set<string> };
const KEPT = 64;

const clientOf = (db: Db) => (db as unknown as { $client: ScriptClient }).$client;

/** One statement of a prepared script: its text with `$n` placeholders and the values for them. */
export type PreparedStatement = { name: string; text: string; params: unknown[] };

const dialect = new PgDialect();

/** A drizzle template as a prepared statement: named by a hash of its text, so one shape is prepared once. */
export function preparedStatement(query: SQL): PreparedStatement {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `trip_${createHash('sha256').update(text).digest('hex').slice(0, 20)}`;
  return { name, text, params };
}

const executeText = (s: PreparedStatement) =>
  s.params.length === 0 ? `execute ${s.name}` : `execute ${s.name}(${s.params.map(sqlLiteral).join(', ')})`;

/**
 * What a connection must run before the script: `setup` (idempotent, e.g. `create or replace function pg_temp.…`)
 * and the PREPAREs it lacks, deallocating its oldest past `KEPT`. Null when it has them all.
 */
function preparation(held: Held, statements: readonly PreparedStatement[], setup: string): string | null {
  const missing = new Map(statements.filter((s) => !held.statements.has(s.name)).map((s) => [s.name, s]));
  if (missing.size === 0 && held.setups.has(setup)) return null;
  const parts: string[] = held.setups.has(setup) ? [] : [setup];
  for (const name of oldest(held.statements, statements, missing.size)) parts.push(`deallocate ${name}`);
  for (const s of missing.values()) parts.push(`prepare ${s.name} as ${s.text}`);
  return parts.join(';\n');
}

/** The held statements to deallocate so that `adding` more keep the connection at `KEPT`: the oldest unneeded. */
function oldest(held: Set<string>, needed: readonly PreparedStatement[], adding: number): string[] {
  const over = held.size + adding - KEPT;
  if (over <= 0) return [];
  const keep = new Set(needed.map((s) => s.name));
  return [...held].filter((name) => !keep.has(name)).slice(0, over);
}

const asList = (answer: { rows: unknown[] } | ScriptAnswer): ScriptAnswer =>
  Array.isArray(answer) ? answer : [answer];

/**
 * Run `statements` as ONE simple-query message of EXECUTEs on one connection, preparing there first (its own round
 * trip, outside the script's transaction) whatever that connection lacks. A PREPARE outlives a rolled-back
 * transaction, so a refused script leaves the connection's statements in place. Answers one result per statement.
 */
export async function sendPrepared(
  db: Db,
  statements: readonly PreparedStatement[],
  setup: string,
): Promise<ScriptAnswer> {
  const client = clientOf(db);
  const script = statements.map(executeText).join(';\n');
  if ('exec' in client) {
    try {
      return await run(client, client.exec.bind(client), statements, setup, script);
    } catch (err) {
      throw err instanceof PreparationFailed ? err.cause : err;
    }
  }
  const connection = await client.connect();
  let broken: Error | undefined;
  try {
    return await run(connection, async (text) => asList(await connection.query(text)), statements, setup, script);
  } catch (err) {
    // a connection that broke mid-script, or whose preparation failed, is not put back in the pool
    if (err instanceof PreparationFailed) {
      broken = err;
      throw err.cause;
    }
    if (err instanceof Error && !('severity' in err)) broken = err;
    throw err;
  } finally {
    connection.release(broken);
  }
}

class PreparationFailed extends Error {
  constructor(override readonly cause: unknown) {
    super('prepared script: the preparation failed');
  }
}

async function run(
  key: object,
  send: (text: string) => Promise<ScriptAnswer>,
  statements: readonly PreparedStatement[],
  setup: string,
  script: string,
): Promise<ScriptAnswer> {
  let held = preparedOn.get(key);
  if (!held) preparedOn.set(key, (held = { statements: new Set(), setups: new Set() }));
  const prepare = preparation(held, statements, setup);
  if (prepare) {
    const { statements: names } = held;
    const dropped = oldest(names, statements, statements.filter((s) => !names.has(s.name)).length);
    try {
      await send(prepare);
    } catch (err) {
      // some of it may have run: the connection's statements are no longer known, so it is not reused
      throw new PreparationFailed(err);
    }
    for (const name of dropped) names.delete(name);
    for (const s of statements) names.add(s.name);
    held.setups.add(setup);
  }
  return send(script);
}

/** A script of literals as ONE simple-query message (PGlite `exec`, node-postgres `query` without parameters). */
export async function sendScript(db: Db, text: string): Promise<ScriptAnswer> {
  const client = clientOf(db);
  if ('exec' in client) return client.exec(text);
  return asList(await client.query(text));
}
