import { ErrorBodySchema } from '@wallet/contract/common';
import { listAdminEndpoints } from '@wallet/contract/admin/admin-api';
import { listEndpoints } from '@wallet/contract/api';
import type { Access, Endpoint } from '@wallet/contract/endpoint';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { holdsAnyRole, type AuthMember, type AuthOperator } from '../modules/auth/auth.api.ts';
import type { AnyEndpointId, Handlers, Module } from './handlers.ts';
import { installJsonCompression } from './compress-json.ts';
import { IdempotencyStore, keyedAnswerOf, runIdempotent, type Principal } from './idempotency.ts';
import { parseMultipart, uploadFingerprint, type ParsedUpload } from './multipart.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** the signed-in member: always set on member endpoints, on public ones only for a valid token */
    member: AuthMember | null;
    /** the signed-in operator: set on operator endpoints only */
    operator: AuthOperator | null;
  }
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const token = header.slice(7).trim();
  return token.length > 0 && token.length < 2048 ? token : null;
}

const operatorRoles = (access: Access) => (typeof access === 'object' ? access.operator : null);

function principalOf(request: FastifyRequest): Principal | null {
  if (request.operator) return { kind: 'operator', id: request.operator.id };
  if (request.member) return { kind: 'member', id: request.member.id };
  return null;
}

/** The modules' handlers by endpoint id; two modules providing the same endpoint is a startup error. */
export function collectHandlers(modules: readonly Pick<Module, 'name' | 'handlers'>[]): Handlers {
  const handlers: Handlers = {};
  const owner = new Map<string, string>();
  for (const module of modules) {
    for (const [id, handler] of Object.entries(module.handlers ?? {})) {
      const first = owner.get(id);
      if (first !== undefined) {
        throw new Error(`endpoint ${id} has two handlers: module ${first} and module ${module.name}`);
      }
      owner.set(id, module.name);
      (handlers as Record<string, unknown>)[id] = handler;
    }
  }
  return handlers;
}

/**
 * Register every endpoint of the contract with the modules' handlers; those no module implements answer 501
 * NOT_IMPLEMENTED. Throws when two modules provide a handler for the same endpoint id.
 */
export function registerRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  modules: readonly Pick<Module, 'name' | 'handlers'>[],
): { unimplemented: string[] } {
  const handlers = collectHandlers(modules);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  app.decorateRequest('member', null);
  app.decorateRequest('operator', null);
  // the answers of a KiB or more go compressed to clients that ask (Lighthouse: uses-text-compression, docs/performance.md)
  installJsonCompression(app);
  const unimplemented: string[] = [];
  const idempotency = new IdempotencyStore(ctx.db, ctx.clock);
  const endpoints: Array<{ id: AnyEndpointId; endpoint: Endpoint }> = [...listEndpoints(), ...listAdminEndpoints()];
  for (const { id, endpoint } of endpoints) {
    const handler = handlers[id] as ((c: Record<string, unknown>) => Promise<unknown>) | undefined;
    const roles = operatorRoles(endpoint.access);
    if (!handler) unimplemented.push(`${endpoint.method} ${endpoint.path}`);
    typed.route({
      method: endpoint.method,
      url: endpoint.path,
      schema: {
        summary: endpoint.summary,
        tags: [id.startsWith('admin.') ? 'admin' : (id.split('.')[0] ?? 'api')],
        ...(endpoint.params ? { params: endpoint.params } : {}),
        ...(endpoint.query ? { querystring: endpoint.query } : {}),
        ...(endpoint.body && !endpoint.isUpload ? { body: endpoint.body } : {}),
        ...(endpoint.access !== 'public' ? { security: [{ bearer: [] }] } : {}),
        response: { 200: endpoint.response, '4xx': ErrorBodySchema, '5xx': ErrorBodySchema },
      },
      config: { endpointId: id, movesMoney: endpoint.movesMoney ?? false },
      // authentication runs before body validation: an unauthenticated caller learns nothing about schemas
      onRequest: async (request) => {
        const token = bearer(request);
        if (roles) {
          // a Bearer token, or the console's cookie with its CSRF proof (docs/decisions/0021-operator-console-session.md)
          const operator = await ctx.operatorSessions.fromRequest(request, token);
          if (!holdsAnyRole(operator, roles)) throw new AppError('FORBIDDEN');
          request.operator = operator;
        } else if (endpoint.access === 'member') {
          if (!token) throw new AppError('invalid-token');
          request.member = await ctx.sessions.verify(token);
        } else if (token) {
          request.member = await ctx.sessions.verify(token).catch(() => null);
        }
      },
      handler: async (request, reply) => {
        if (!handler) throw new AppError('NOT_IMPLEMENTED');
        let upload: ParsedUpload | undefined;
        if (endpoint.isUpload) {
          upload = await parseMultipart(request, endpoint);
          // nothing else reads an upload's raw body: the idempotency hash covers its fields and file digest
          request.body = uploadFingerprint(upload);
        }
        const body = upload ? upload.body : request.body;
        const file = upload ? upload.file : undefined;
        const principal = roles ? { operator: request.operator } : { member: request.member };
        const run = () =>
          handler({ params: request.params, query: request.query, body, file, ...principal, request, reply });
        if (!endpoint.movesMoney) return run();
        // at most once per (principal, Idempotency-Key): replays, 409 while in flight, 422 on a different body
        const call = {
          store: idempotency,
          request,
          reply,
          endpointId: id,
          endpoint,
          principal: principalOf(request),
          log: request.log,
          inTransaction: keyedAnswerOf(handler),
        };
        return runIdempotent(call, run);
      },
    });
  }
  return { unimplemented };
}
