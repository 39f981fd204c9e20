import { IDEMPOTENCY_HEADER } from '@wallet/contract/limits';
import type { Endpoint } from '@wallet/contract/endpoint';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
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
    private readonly clock: Clock,
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
};

/** Run a money-moving handler at most once per (principal, key); see the module comment for the answers. */
export async function runIdempotent(call: IdempotentCall, run: () => Promise<unknown>): Promise<unknown> {
  const { store, request, reply } = call;
  const key = readIdempotencyKey(request);
  if (key === null || call.principal === null) return run();

  const path = request.url.split('?')[0] ?? request.url;
  const hash = requestHash(request.method, path, request.body);
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
