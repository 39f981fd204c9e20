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
 * The key's row as a completed answer, inserted from `source` (one row) unless a live row holds the key (an expired
 * one is taken over, as `claim` does): `returning id` answers a row only when this statement recorded the answer.
 */
function keyRowSql(scope: Scope, stored: Stored, now: Date, source: SQL): SQL {
  const at = now.toISOString();
  const expiredBefore = new Date(now.getTime() - IDEMPOTENCY_TTL_MS).toISOString();
  return sql`insert into ${idempotencyKeys} (principal_kind, principal_id, key, endpoint, request_hash, status,
      response_status, response_body, created_at, completed_at)
    select ${scope.principal.kind}::text, ${scope.principal.id}::int, ${scope.key}::text, ${scope.endpointId}::text,
      ${scope.hash}::text, 'completed', ${stored.status}::int, ${JSON.stringify(stored.body ?? null)}::jsonb,
      ${at}::timestamptz, ${at}::timestamptz
    from ${source}
    on conflict (principal_kind, principal_id, key) do update set endpoint = excluded.endpoint,
      request_hash = excluded.request_hash, status = excluded.status, response_status = excluded.response_status,
      response_body = excluded.response_body, created_at = excluded.created_at, completed_at = excluded.completed_at
    where ${idempotencyKeys.createdAt} < ${expiredBefore}::timestamptz
    returning id`;
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
 * A keyed request whose key is recorded in its money transaction itself (docs/decisions/0048-money-moves-fast-path.md):
 * the handler hands it to `lockMemberMoney`, whose statement takes the member's lock and inserts the key as
 * `completed` with the endpoint's success answer, so the key and the money move commit together or not at all. A
 * key already answered throws `IdempotentReplay` (or 422 / 409) out of the transaction, which rolls back.
 */
class KeyedMove {
  /** true once the key's insert ran in a transaction (the handler's path reached its money transaction) */
  claimed = false;

  constructor(
    private readonly scope: Scope,
    readonly answer: Stored,
    private readonly clock: Clock,
  ) {}

  claimSql(after: SQL): SQL {
    this.claimed = true;
    return keyRowSql(this.scope, this.answer, this.clock.now(), after);
  }

  async conflict(db: Db | Tx): Promise<never> {
    this.claimed = false;
    const [existing] = await db
      .select()
      .from(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.principalKind, this.scope.principal.kind),
          eq(idempotencyKeys.principalId, this.scope.principal.id),
          eq(idempotencyKeys.key, this.scope.key),
        ),
      );
    if (!existing) throw new KeyRefusal('IDEMPOTENCY_IN_PROGRESS');
    throw new IdempotentReplay(storedAnswer(existing, this.scope.hash));
  }
}

/** Handlers whose key is recorded in their money transaction, with the answer they give when it commits. */
const keyedHandlers = new WeakMap<object, Stored>();
const keyedMoves = new WeakMap<FastifyRequest, KeyedMove>();

/**
 * Mark a money-moving handler whose keys are recorded in its money transaction (`KeyedMove`): it passes
 * `keyedMoveOf(request)` to `lockMemberMoney` and answers exactly `answer` when that transaction commits.
 */
export function keyInTransaction<H extends object>(answer: Stored, handler: H): H {
  keyedHandlers.set(handler, answer);
  return handler;
}

/** The answer a handler marked by `keyInTransaction` records with its key, or null for any other handler. */
export function keyedAnswerOf(handler: object | undefined): Stored | null {
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
  /** the handler's answer when its key rides in its money transaction (`keyInTransaction`), else null */
  inTransaction?: Stored | null;
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
      answer,
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
  answer: Stored,
  run: () => Promise<unknown>,
): Promise<unknown> {
  const move = new KeyedMove(scope, answer, call.store.clock);
  keyedMoves.set(call.request, move);
  let value: unknown;
  try {
    value = await run();
  } catch (err) {
    if (err instanceof IdempotentReplay) return replay(call.reply, err.stored);
    if (err instanceof AppError && err.status < 500 && !(err instanceof KeyRefusal)) {
      const earlier = await recordOrLog(call, scope, {
        status: err.status,
        body: { message: err.code, ...err.detail },
      });
      if (earlier) return replay(call.reply, earlier);
    }
    throw err;
  }
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
