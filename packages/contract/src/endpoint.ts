import type { z } from 'zod';
import type { OperatorRole } from './admin/roles.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call an endpoint: anyone, a signed-in member (player token), or a signed-in operator holding at least one
 * of the listed roles (operator token; an empty list admits any operator). Member and operator tokens never mix.
 */
export type Access = 'public' | 'member' | { readonly operator: readonly OperatorRole[] };

/**
 * One API endpoint, declared once as data. The server registers routes from it,
 * the player's fetcher derives request and response types from it.
 * Paths use `:name` for parameters (Fastify syntax).
 */
export type Endpoint<
  P extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
  U extends boolean = boolean,
  A extends Access = Access,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
> = {
  method: HttpMethod;
  path: string;
  access: A;
  params?: P;
  /** the query string (`?status=pending&page=2`), parsed (and coerced) on the server; the client drops empty values */
  query?: Q;
  body?: B;
  response: R;
  /**
   * multipart upload (body is not JSON; the 5-minute upload timeout applies): one file part named `file`; `body`,
   * when given, describes the text fields
   */
  isUpload?: U;
  /** the file part's byte cap for an upload (docs/spec.md §9 limits) */
  maxUploadBytes?: number;
  /** moves money: the player sends an Idempotency-Key header per user action */
  movesMoney?: boolean;
  summary: string;
};

export function defineEndpoint<
  P extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
  U extends boolean = false,
  const A extends Access = Access,
  Q extends z.ZodType | undefined = undefined,
>(endpoint: Endpoint<P, B, R, U, A, Q>): Endpoint<P, B, R, U, A, Q> {
  return endpoint;
}

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;
export type ParamsOf<E> =
  E extends Endpoint<infer P, z.ZodType | undefined, z.ZodType, boolean, Access> ? Infer<P> : never;
export type BodyOf<E> =
  E extends Endpoint<z.ZodType | undefined, infer B, z.ZodType, boolean, Access> ? Infer<B> : never;
/** The query string as the caller writes it (before coercion and defaults), undefined when the endpoint takes none. */
export type QueryInOf<E> = E extends { query?: infer Q } ? (Q extends z.ZodType ? z.input<Q> : undefined) : undefined;
/** The query string as the handler receives it (parsed). */
export type QueryOf<E> = E extends { query?: infer Q } ? (Q extends z.ZodType ? z.output<Q> : undefined) : undefined;
/** true when the descriptor is a multipart upload (`isUpload: true`) */
export type IsUpload<E> =
  E extends Endpoint<z.ZodType | undefined, z.ZodType | undefined, z.ZodType, true, Access> ? true : false;
export type ResponseOf<E> =
  E extends Endpoint<z.ZodType | undefined, z.ZodType | undefined, infer R, boolean, Access> ? z.infer<R> : never;
export type AccessOf<E> = E extends { access: infer A } ? A : never;

/** Fill `:name` path parameters. */
export function buildPath(path: string, params?: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
