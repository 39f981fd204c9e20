import type { AdminEndpointId, AdminEndpointOf } from '@wallet/contract/admin/admin-api';
import type { AccessOf, BodyOf, IsUpload, ParamsOf, QueryOf, ResponseOf } from '@wallet/contract/endpoint';
import type { EndpointId, EndpointOf } from '@wallet/contract/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { SeedStep } from '../db/seed.ts';
import type { ReceivedFile } from '../lib/uploads/received-file.ts';
import type { Subscriber } from '../events/subscriber.ts';
import type { JobDefinition } from '../jobs/job-types.ts';
import type { AuthMember, AuthOperator } from '../modules/auth/auth.api.ts';

/** Every endpoint id: the player API (`wallet.transfer`) and the admin API (`admin.operators.create`). */
export type AnyEndpointId = EndpointId | AdminEndpointId;

type DescriptorOf<Id extends AnyEndpointId> = Id extends EndpointId
  ? EndpointOf<Id>
  : Id extends AdminEndpointId
    ? AdminEndpointOf<Id>
    : never;

/**
 * Who a handler acts for, from the endpoint's access: a member endpoint gets a non-null `member`, an operator
 * endpoint a non-null `operator` (its role already checked), a public one the member of a valid token if any.
 */
type PrincipalOf<A> = [A] extends ['member']
  ? { member: AuthMember }
  : [A] extends ['public']
    ? { member: AuthMember | null }
    : [A] extends [{ readonly operator: readonly unknown[] }]
      ? { operator: AuthOperator }
      : never;

type RouteContext<Id extends AnyEndpointId> = {
  params: ParamsOf<DescriptorOf<Id>>;
  /** the parsed query string (endpoints with a `query` schema) */
  query: QueryOf<DescriptorOf<Id>>;
  /** on an upload endpoint: its text fields (multipart), checked against the descriptor's `body` */
  body: BodyOf<DescriptorOf<Id>>;
  /** on an upload endpoint: the `file` part, capped at `maxUploadBytes` (`null` when none was sent) */
  file: IsUpload<DescriptorOf<Id>> extends true ? ReceivedFile | null : undefined;
  request: FastifyRequest;
  reply: FastifyReply;
} & PrincipalOf<AccessOf<DescriptorOf<Id>>>;

type RouteHandler<Id extends AnyEndpointId> = (ctx: RouteContext<Id>) => Promise<ResponseOf<DescriptorOf<Id>>>;

/** The handlers a module implements, keyed by endpoint id (`wallet.transfer`, `admin.auth.me`). */
export type Handlers = { [Id in AnyEndpointId]?: RouteHandler<Id> };

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
