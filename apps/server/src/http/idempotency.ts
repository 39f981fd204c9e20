// Longer than 300 lines by choice: one key's whole life (claim, replay, the record inside a money transaction, completion,
// expiry) is one protocol read top to bottom (docs/decisions/0007-http-idempotency.md, 0048-money-moves-fast-path.md).
import { IDEMPOTENCY_HEADER } from '@wallet/contract/limits';
import type { Endpoint } from '@wallet/contract/endpoint';
import { and, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Clock } from '../clock.ts';
import type { Db, Tx } from '../db/client.ts';
import { rawRows } from '../db/raw.ts';
import { idempotencyKeys } from '../db/schema/http.ts';
import { AppError } from '../errors.ts';
import { canonicalJson } from '../lib/canonical-json.ts';
import type { ModuleFactory } from './handlers.ts';
import { defineJob } from '../jobs/job-types.ts';

/**
 * HTTP idempotency for money-moving endpoints (docs/design.md §3; Stripe and the IETF Idempotency-Key draft,
 * docs/reliability.md §1; docs/decisions/0007-http-idempotency.md).
 *
 * The `Idempotency-Key` header is optional (the original clients never send it). With one, per principal (a member,
 * or an operator: keys of two principals never collide, docs/design.md §9.3):
 *  - the first request claims the key (`in_progress`) and runs; its answer is stored unless it is a 5xx;
 *  - a repeat with the same method, path and body replays the stored status and body (`idempotent-replayed: true`);
 *  - a repeat while the first still runs answers 409 IDEMPOTENCY_IN_PROGRESS;
 *  - the same key with another request answers 422 KEY_INVALID;
 *  - after 24 hours (app clock) a key counts as new.
 */
export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;
const REPLAYED_HEADER = 'idempotent-replayed';
const HEADER = IDEMPOTENCY_HEADER.toLowerCase();
/** 1-255 printable ASCII characters (Stripe's limit) */
const KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;

type Claim = { id: number; createdAt: Date };
type Stored = { status: number; body: unknown };

/** The validated key of a request, or null when none was sent; a malformed one is KEY_INVALID. */
function readIdempotencyKey(request: FastifyRequest): string | null {
  const value = request.headers[HEADER];
  if (value === undefined) return null;
  if (typeof value !== 'string' || !KEY_PATTERN.test(value)) throw new AppError('KEY_INVALID');
  return value;
}

export { canonicalJson };

export function requestHash(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method.toUpperCase()} ${path}\n${canonicalJson(body ?? null)}`)
    .digest('hex');
}

/** Who a key belongs to. */
export type Principal = { kind: 'member' | 'operator'; id: number };
type Scope = { principal: Principal; key: string; endpointId: string; hash: string };

/** The `idempotency_keys` table: claim, complete, release. */
export class IdempotencyStore {
  // prepared once per connection: these run twice on every keyed money request
  private readonly claimQuery;
  private readonly findQuery;
  private readonly completeQuery;
  private readonly releaseQuery;

  constructor(
    private readonly db: Db,
    readonly clock: Clock,
  ) {
    const at = (name: string) => sql`${sql.placeholder(name)}::timestamptz`;
    // a new key inserts; an expired one is taken over in the same statement; a live one returns nothing
    this.claimQuery = db
      .insert(idempotencyKeys)
      .values({
        principalKind: sql.placeholder('principalKind'),
        principalId: sql.placeholder('principalId'),
        key: sql.placeholder('key'),
        endpoint: sql.placeholder('endpoint'),
        requestHash: sql.placeholder('hash'),
        status: 'in_progress',
        createdAt: at('now'),
      })
      .onConflictDoUpdate({
        target: [idempotencyKeys.principalKind, idempotencyKeys.principalId, idempotencyKeys.key],
        set: {
          endpoint: sql`excluded.endpoint`,
          requestHash: sql`excluded.request_hash`,
          status: 'in_progress',
          responseStatus: null,
          responseBody: null,
          createdAt: sql`excluded.created_at`,
          completedAt: null,
        },
        setWhere: sql`${idempotencyKeys.createdAt} < ${at('expiredBefore')}`,
      })
      .returning({ id: idempotencyKeys.id })
      .prepare('idempotency_claim');
    this.findQuery = db
      .select()
      .from(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.principalKind, sql.placeholder('principalKind')),
          eq(idempotencyKeys.principalId, sql.placeholder('principalId')),
          eq(idempotencyKeys.key, sql.placeholder('key')),
        ),
      )
      .prepare('idempotency_find');
    const owned = and(
      eq(idempotencyKeys.id, sql.placeholder('id')),
      eq(idempotencyKeys.status, 'in_progress'),
      sql`${idempotencyKeys.createdAt} = ${at('createdAt')}`,
    );
    this.completeQuery = db
      .update(idempotencyKeys)
      .set({
        status: 'completed',
        responseStatus: sql`${sql.placeholder('status')}::int`,
        responseBody: sql`${sql.placeholder('body')}::jsonb`,
        completedAt: at('now'),
      })
      .where(owned)
      .prepare('idempotency_complete');
    this.releaseQuery = db.delete(idempotencyKeys).where(owned).prepare('idempotency_release');
  }

  /** Claim the key, or learn what the earlier request with it produced (throws 409 / 422). */
  async claim(scope: Scope): Promise<{ claim: Claim } | { replay: Stored }> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const now = this.clock.now();
      const expiredBefore = new Date(now.getTime() - IDEMPOTENCY_TTL_MS);
      const [claimed] = await this.claimQuery.execute({
        principalKind: scope.principal.kind,
        principalId: scope.principal.id,
        key: scope.key,
        endpoint: scope.endpointId,
        hash: scope.hash,
        now: now.toISOString(),
        expiredBefore: expiredBefore.toISOString(),
      });
      if (claimed) return { claim: { id: claimed.id, createdAt: now } };

      const [existing] = await this.findQuery.execute({
        principalKind: scope.principal.kind,
        principalId: scope.principal.id,
        key: scope.key,
      });
      if (!existing) continue; // released (5xx) between the two statements: claim again
      if (existing.requestHash !== scope.hash) throw new AppError('KEY_INVALID', 422);
      if (existing.status !== 'completed' || existing.responseStatus === null)
        throw new AppError('IDEMPOTENCY_IN_PROGRESS');
      return { replay: { status: existing.responseStatus, body: existing.responseBody } };
    }
    throw new AppError('IDEMPOTENCY_IN_PROGRESS');
  }

  async complete(claim: Claim, stored: Stored): Promise<void> {
    await this.completeQuery.execute({
      id: claim.id,
      createdAt: claim.createdAt.toISOString(),
      status: stored.status,
      body: JSON.stringify(stored.body ?? null),
      now: this.clock.now().toISOString(),
    });
  }

  /** Forget a claim whose request failed without a definite answer, so a retry runs again. */
  async release(claim: Claim): Promise<void> {
    await this.releaseQuery.execute({ id: claim.id, createdAt: claim.createdAt.toISOString() });
  }

  /**
   * Record the answer of a keyed move whose money transaction did not commit (a refusal: it rolled back with the key's
   * row), unless another request with the key recorded one first: then that earlier answer is returned, and it is the
   * one this request gives too (one answer per key, docs/decisions/0048-money-moves-fast-path.md).
   */
  async recordAnswer(scope: Scope, stored: Stored): Promise<Stored | null> {
    const now = this.clock.now();
    const [recorded] = await rawRows<{ id: number }>(this.db, keyRowSql(scope, stored, now, sql`(select 1) as one`));
    if (recorded) return null;
    const [existing] = await this.findQuery.execute({
      principalKind: scope.principal.kind,
      principalId: scope.principal.id,
      key: scope.key,
    });
    if (!existing) throw new KeyRefusal('IDEMPOTENCY_IN_PROGRESS');
    return storedAnswer(existing, scope.hash);
  }

  /** Complete (or, with null, release) a key a request recorded `in_progress` in its money transaction. */
  async finishOwned(statement: SQL): Promise<void> {
    await this.db.execute(statement);
  }

  /** Delete keys past their TTL (they already count as new; this only keeps the table small). */
  async purgeExpired(): Promise<number> {
    const before = new Date(this.clock.now().getTime() - IDEMPOTENCY_TTL_MS);
    const rows = await this.db
      .delete(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, before))
      .returning({ id: idempotencyKeys.id });
    return rows.length;
  }
}

/**
 * The key's row as a completed answer (or `in_progress` when `stored` is null: the answer comes later), inserted from
 * `source` (one row) unless a live row holds the key (an expired one is taken over, as `claim` does): `returning id`
 * answers a row only when this statement recorded the key.
 */
function keyRowSql(scope: Scope, stored: Stored | null, now: Date, source: SQL): SQL {
  const at = now.toISOString();
  const expiredBefore = new Date(now.getTime() - IDEMPOTENCY_TTL_MS).toISOString();
  const body = stored ? JSON.stringify(stored.body ?? null) : null;
  return sql`insert into ${idempotencyKeys} (principal_kind, principal_id, key, endpoint, request_hash, status,
      response_status, response_body, created_at, completed_at)
    select ${scope.principal.kind}::text, ${scope.principal.id}::int, ${scope.key}::text, ${scope.endpointId}::text,
      ${scope.hash}::text, ${stored ? 'completed' : 'in_progress'}::text, ${stored?.status ?? null}::int,
      ${body}::jsonb, ${at}::timestamptz, ${stored ? at : null}::timestamptz
    from ${source}
    on conflict (principal_kind, principal_id, key) do update set endpoint = excluded.endpoint,
      request_hash = excluded.request_hash, status = excluded.status, response_status = excluded.response_status,
      response_body = excluded.response_body, created_at = excluded.created_at, completed_at = excluded.completed_at
    where ${idempotencyKeys.createdAt} < ${expiredBefore}::timestamptz
    returning id`;
}

/**
 * The answer of a key recorded `in_progress` at `claimedAt` (a request still owning it): completed with `stored`, or
 * released (deleted) when `stored` is null. Does nothing once the row is not that request's in-progress claim.
 */
function ownedKeySql(scope: Scope, claimedAt: Date, stored: Stored | null, now: Date): SQL {
  const owned = sql`${idempotencyKeys.principalKind} = ${scope.principal.kind}::text
    and ${idempotencyKeys.principalId} = ${scope.principal.id}::int and ${idempotencyKeys.key} = ${scope.key}::text
    and ${idempotencyKeys.createdAt} = ${claimedAt.toISOString()}::timestamptz
    and ${idempotencyKeys.status} = 'in_progress'`;
  if (!stored) return sql`delete from ${idempotencyKeys} where ${owned}`;
  return sql`update ${idempotencyKeys} set status = 'completed', response_status = ${stored.status}::int,
      response_body = ${JSON.stringify(stored.body ?? null)}::jsonb, completed_at = ${now.toISOString()}::timestamptz
    where ${owned}`;
}

/** A refusal about the key itself (another request's key, or one still running): never recorded as the key's answer. */
class KeyRefusal extends AppError {}

/** Thrown out of a keyed move's transaction when the key already has an answer: the request replays it. */
class IdempotentReplay extends Error {
  constructor(readonly stored: Stored) {
    super('idempotent replay');
    this.name = 'IdempotentReplay';
  }
}

/** What the earlier request with the key answered (422 for another request, 409 while it still runs). */
function storedAnswer(existing: typeof idempotencyKeys.$inferSelect, hash: string): Stored {
  if (existing.requestHash !== hash) throw new KeyRefusal('KEY_INVALID', 422);
  if (existing.status !== 'completed' || existing.responseStatus === null)
    throw new KeyRefusal('IDEMPOTENCY_IN_PROGRESS');
  return { status: existing.responseStatus, body: existing.responseBody };
}

/**
 * The keys recorded `in_progress` by a money transaction whose request still runs in this process (a game transfer
 * between its hold and its settlement): a replay that finds its key in progress waits for that request and then
 * answers what it answered, instead of 409 (docs/decisions/0048-money-moves-fast-path.md § Game transfers).
 */
const keysHeldHere = new Map<string, Promise<void>>();
const heldName = (scope: Scope) => `${scope.principal.kind}:${scope.principal.id}:${scope.key}`;

/**
 * A keyed request whose key is recorded in its money transaction itself (docs/decisions/0048-money-moves-fast-path.md):
 * the handler hands it to `lockMemberMoney`, whose statement takes the member's lock and inserts the key as
 * `completed` with the endpoint's success answer, so the key and the money move commit together or not at all. A
 * key already answered throws `IdempotentReplay` (or 422 / 409) out of the transaction, which rolls back.
 *
 * Without a fixed answer (`answer` null: a game transfer, whose answer is the provider's), the key is inserted
 * `in_progress` with the move's first transaction (the hold); the handler says `held()` once that committed, and
 * completes the key in its last one (`answerSql`, then `answered()`); whatever it did not complete is completed or
 * released by `runIdempotent` when the handler ends.
 */
class KeyedMove {
  /** true once the key's insert ran in a transaction (the handler's path reached its money transaction) */
  claimed = false;
  /** the key is committed `in_progress` by this request (answer null) */
  private holding = false;
  /** the key's answer committed in the handler's own transaction */
  private done = false;
  private claimedAt = new Date(0);
  private release: (() => void) | undefined;

  constructor(
    private readonly scope: Scope,
    readonly answer: Stored | null,
    private readonly clock: Clock,
    private readonly endpoint: Endpoint,
  ) {}

  claimSql(after: SQL): SQL {
    this.claimed = true;
    this.claimedAt = this.clock.now();
    return keyRowSql(this.scope, this.answer, this.claimedAt, after);
  }

  /** The transaction that ran `claimSql` (answer null) committed: the key is this request's, in progress. */
  held(): void {
    if (this.answer || this.holding) return;
    this.holding = true;
    keysHeldHere.set(heldName(this.scope), new Promise<void>((resolve) => (this.release = resolve)));
  }

  /**
   * The statement that records the request's answer on its in-progress key, for the handler's last transaction: the
   * value it returns (a 200) or the error it throws (a 4xx is recorded; a 5xx releases the key, as `runIdempotent`
   * does). Call `answered()` once that transaction committed.
   */
  answerSql(outcome: { value: unknown } | { error: AppError }): SQL {
    return ownedKeySql(this.scope, this.claimedAt, this.storedOf(outcome), this.clock.now());
  }

  answered(): void {
    this.done = true;
  }

  private storedOf(outcome: { value: unknown } | { error: AppError }): Stored | null {
    if ('value' in outcome) return { status: 200, body: storableBody(this.endpoint, 200, outcome.value) };
    const { error } = outcome;
    return error.status < 500 ? { status: error.status, body: { message: error.code, ...error.detail } } : null;
  }

  /**
   * After the handler (answer null, key held): record what it answered unless its transaction did; an error that is
   * not an AppError leaves the key in progress (its money moved: a retry must not move it again). Then lets the
   * replays waiting here read the answer.
   */
  async finish(call: IdempotentCall, outcome: { value: unknown } | { error: unknown }): Promise<void> {
    try {
      if (!this.holding || this.done) return;
      if ('error' in outcome && !(outcome.error instanceof AppError)) {
        call.log.error({ err: outcome.error, endpoint: call.endpointId }, 'idempotency: key left in progress');
        return;
      }
      const stored = 'value' in outcome ? { value: outcome.value } : { error: outcome.error as AppError };
      await settle(call, () => call.store.finishOwned(this.answerSql(stored)));
    } finally {
      if (this.release) {
        keysHeldHere.delete(heldName(this.scope));
        this.release();
      }
    }
  }

  get isHeld(): boolean {
    return this.holding;
  }

  /**
   * The key already has a row: throw its answer. A key in progress for a request of this process is waited for
   * (never call this inside a transaction: the request waited for may need a row that transaction locked).
   */
  async conflict(db: Db | Tx): Promise<never> {
    this.claimed = false;
    // taken before the read too: the request may finish (and leave the map) between this read and its answer
    const before = keysHeldHere.get(heldName(this.scope));
    let existing = await this.existing(db);
    const running = existing?.status === 'in_progress' ? (before ?? keysHeldHere.get(heldName(this.scope))) : undefined;
    if (running) {
      await running;
      existing = await this.existing(db);
    }
    if (!existing) throw new KeyRefusal('IDEMPOTENCY_IN_PROGRESS');
    throw new IdempotentReplay(storedAnswer(existing, this.scope.hash));
  }

  private async existing(db: Db | Tx) {
    const [row] = await db
      .select()
      .from(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.principalKind, this.scope.principal.kind),
          eq(idempotencyKeys.principalId, this.scope.principal.id),
          eq(idempotencyKeys.key, this.scope.key),
        ),
      );
    return row;
  }
}

/** The answer of a handler that records its key's answer itself (`keyAnsweredByHandler`). */
const BY_HANDLER = 'by-handler' as const;
type KeyedAnswer = Stored | typeof BY_HANDLER;

/** Handlers whose key is recorded in their money transaction, with the answer they give when it commits. */
const keyedHandlers = new WeakMap<object, KeyedAnswer>();
const keyedMoves = new WeakMap<FastifyRequest, KeyedMove>();

/**
 * Mark a money-moving handler whose keys are recorded in its money transaction (`KeyedMove`): it passes
 * `keyedMoveOf(request)` to `lockMemberMoney` and answers exactly `answer` when that transaction commits.
 */
export function keyInTransaction<H extends object>(answer: Stored, handler: H): H {
  keyedHandlers.set(handler, answer);
  return handler;
}

/**
 * Mark a money-moving handler whose key is recorded `in_progress` in its first money transaction and answered in its
 * last (`KeyedMove.held`, `answerSql`): a game transfer, whose answer depends on the provider's call between the two.
 */
export function keyAnsweredByHandler<H extends object>(handler: H): H {
  keyedHandlers.set(handler, BY_HANDLER);
  return handler;
}

/** The answer a handler marked by `keyInTransaction` records with its key, or null for any other handler. */
export function keyedAnswerOf(handler: object | undefined): KeyedAnswer | null {
  return (handler && keyedHandlers.get(handler)) ?? null;
}

/** The request's keyed move, or null (no key sent, or an endpoint whose key is claimed around the handler). */
export function keyedMoveOf(request: FastifyRequest): KeyedMove | null {
  return keyedMoves.get(request) ?? null;
}

/** A JSON-safe copy of what the route serializer will send for a 200 (unknown keys stripped). */
function storableBody(endpoint: Endpoint, status: number, value: unknown): unknown {
  if (status === 200) {
    const encoded = z.safeEncode(endpoint.response as z.ZodType, value);
    if (!encoded.success) throw encoded.error;
    return JSON.parse(JSON.stringify(encoded.data ?? null)) as unknown;
  }
  return JSON.parse(JSON.stringify(value ?? null)) as unknown;
}

export type IdempotentCall = {
  store: IdempotencyStore;
  request: FastifyRequest;
  reply: FastifyReply;
  endpointId: string;
  endpoint: Endpoint;
  principal: Principal | null;
  log: FastifyRequest['log'];
  /**
   * the handler's answer when its key rides in its money transaction (`keyInTransaction`), `by-handler` when the
   * handler answers it itself (`keyAnsweredByHandler`), else null
   */
  inTransaction?: KeyedAnswer | null;
};

/** Run a money-moving handler at most once per (principal, key); see the module comment for the answers. */
export async function runIdempotent(call: IdempotentCall, run: () => Promise<unknown>): Promise<unknown> {
  const { store, request, reply } = call;
  const key = readIdempotencyKey(request);
  if (key === null || call.principal === null) return run();

  const path = request.url.split('?')[0] ?? request.url;
  const hash = requestHash(request.method, path, request.body);
  const answer = call.inTransaction;
  if (answer) {
    return runKeyedInTransaction(
      call,
      { principal: call.principal, key, endpointId: call.endpointId, hash },
      answer === BY_HANDLER ? null : answer,
      run,
    );
  }
  const outcome = await store.claim({ principal: call.principal, key, endpointId: call.endpointId, hash });
  if ('replay' in outcome) {
    reply.code(outcome.replay.status).header(REPLAYED_HEADER, 'true');
    return outcome.replay.body;
  }
  const { claim } = outcome;

  let value: unknown;
  try {
    value = await run();
  } catch (err) {
    if (err instanceof AppError && err.status < 500) {
      await settle(call, () =>
        store.complete(claim, { status: err.status, body: { message: err.code, ...err.detail } }),
      );
    } else {
      await settle(call, () => store.release(claim));
    }
    throw err;
  }
  if (reply.sent) {
    // a handler that wrote the reply itself cannot be replayed; let a retry run again
    await settle(call, () => store.release(claim));
    return value;
  }
  const status = reply.statusCode;
  let body: unknown;
  try {
    body = storableBody(call.endpoint, status, value);
  } catch {
    // the serializer will refuse it too and answer 500
    await settle(call, () => store.release(claim));
    return value;
  }
  if (status >= 500) await settle(call, () => store.release(claim));
  else await settle(call, () => store.complete(claim, { status, body }));
  return value;
}

function replay(reply: FastifyReply, stored: Stored): unknown {
  reply.code(stored.status).header(REPLAYED_HEADER, 'true');
  return stored.body;
}

/**
 * A keyed move whose key rides in its money transaction: one commit for the key and the money. A refusal (4xx) rolled
 * the key back with everything else, so it is recorded afterwards, unless a request with the same key recorded an
 * answer meanwhile: then that answer is this request's too.
 */
async function runKeyedInTransaction(
  call: IdempotentCall,
  scope: Scope,
  answer: Stored | null,
  run: () => Promise<unknown>,
): Promise<unknown> {
  const move = new KeyedMove(scope, answer, call.store.clock, call.endpoint);
  keyedMoves.set(call.request, move);
  let value: unknown;
  try {
    value = await run();
  } catch (err) {
    await move.finish(call, { error: err });
    if (err instanceof IdempotentReplay) return replay(call.reply, err.stored);
    // the key is this request's (in progress, then answered above): nothing else records it
    if (move.isHeld) throw err;
    if (err instanceof AppError && err.status < 500 && !(err instanceof KeyRefusal)) {
      const earlier = await recordOrLog(call, scope, {
        status: err.status,
        body: { message: err.code, ...err.detail },
      });
      if (earlier) return replay(call.reply, earlier);
    }
    throw err;
  }
  await move.finish(call, { value });
  if (move.isHeld) return value;
  if (!move.claimed && !call.reply.sent) {
    // the handler answered without its money transaction: record that answer like a refusal's
    const earlier = await recordOrLog(call, scope, {
      status: call.reply.statusCode,
      body: storableBody(call.endpoint, call.reply.statusCode, value),
    });
    if (earlier) return replay(call.reply, earlier);
  }
  return value;
}

async function recordOrLog(call: IdempotentCall, scope: Scope, stored: Stored): Promise<Stored | null> {
  try {
    return await call.store.recordAnswer(scope, stored);
  } catch (err) {
    if (err instanceof KeyRefusal) throw err;
    call.log.error({ err, endpoint: call.endpointId }, 'idempotency: could not record the outcome');
    return null;
  }
}

/**
 * Bookkeeping failures never change the answer of a request whose work is done. A claim that could not be
 * completed stays `in_progress` (retries get 409 until it expires): safer than letting a retry move money again.
 */
async function settle(call: IdempotentCall, write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (err) {
    call.log.error({ err, endpoint: call.endpointId }, 'idempotency: could not record the outcome');
  }
}

/** Purges expired keys hourly (a job, so only where JOBS is on); the keys themselves work without it. */
export const idempotencyModule: ModuleFactory = (ctx) => {
  const store = new IdempotencyStore(ctx.db, ctx.clock);
  return {
    name: 'idempotency',
    jobs: [
      defineJob({
        name: 'idempotency-purge',
        schedule: { everyMinutes: 60 },
        handler: async () => ({ deleted: await store.purgeExpired() }),
      }),
    ],
  };
};
