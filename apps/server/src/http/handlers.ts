import type { BodyOf, IsUpload, ParamsOf, ResponseOf } from '@wallet/contract/endpoint';
import type { EndpointId, EndpointOf } from '@wallet/contract/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { SeedStep } from '../db/seed.ts';
import type { ReceivedFile } from '../lib/uploads/received-file.ts';
import type { Subscriber } from '../events/subscriber.ts';
import type { JobDefinition } from '../jobs/job-types.ts';
import type { AuthMember } from '../modules/auth/auth.api.ts';

export type RouteContext<Id extends EndpointId> = {
  params: ParamsOf<EndpointOf<Id>>;
  /** on an upload endpoint: its text fields (multipart), checked against the descriptor's `body` */
  body: BodyOf<EndpointOf<Id>>;
  /** on an upload endpoint: the `file` part, capped at `maxUploadBytes` (`null` when none was sent) */
  file: IsUpload<EndpointOf<Id>> extends true ? ReceivedFile | null : undefined;
  /** set on member endpoints; on public ones only when a valid token was sent */
  member: AuthMember | null;
  request: FastifyRequest;
  reply: FastifyReply;
};

type RouteHandler<Id extends EndpointId> = (ctx: RouteContext<Id>) => Promise<ResponseOf<EndpointOf<Id>>>;

/** The handlers a module implements, keyed by endpoint id (`wallet.transfer`). */
export type Handlers = { [Id in EndpointId]?: RouteHandler<Id> };

/**
 * A feature module: its handlers, seed steps, background jobs (run by the job runner in processes with JOBS on,
 * ADR 0011), event subscribers (ADR 0010) and any extra Fastify routes (sandbox, webhooks...).
 */
export type Module = {
  name: string;
  handlers?: Handlers;
  seed?: SeedStep;
  jobs?: JobDefinition<never>[];
  subscribers?: Subscriber[];
  plugin?: (app: FastifyInstance) => Promise<void>;
};

export type ModuleFactory = (ctx: AppContext) => Module;
