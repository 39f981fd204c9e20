import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger } from 'fastify';

/** What outgoing calls made on behalf of a request need to know about it (the request id, its logger). */
export type RequestContext = { requestId: string; log: FastifyBaseLogger };

const storage = new AsyncLocalStorage<RequestContext>();

/** Run `fn` (and everything it awaits) as part of the request `ctx`. */
export function runInRequest<T>(ctx: RequestContext, fn: () => T): T {
  return storage.run(ctx, fn);
}

/** Enter `ctx` for the rest of the current async execution (a Fastify onRequest hook). */
export function enterRequest(ctx: RequestContext): void {
  storage.enterWith(ctx);
}

/** The request this code runs for, if any (a job has none). */
export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}
