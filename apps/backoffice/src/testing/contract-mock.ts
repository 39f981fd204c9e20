import { listAdminEndpoints, type AdminEndpointId } from '@wallet/contract/admin/admin-api';
import type { Endpoint } from '@wallet/contract/endpoint';
import type { z } from 'zod';

type Input = { params?: unknown; query?: unknown; body?: unknown };
type Handler = (input: Input) => unknown;

/**
 * A contract-checked stand-in for `adminCall` (mock `../../lib/api.ts` with it): each call is matched to its
 * descriptor, its params/query/body are parsed by the descriptor's schemas and the handler's answer by its response
 * schema, so a mock cannot drift from the API. An unhandled endpoint fails the test; a handler may throw (an
 * ApiError) to answer a refusal. `calls` records what the page sent.
 */
export function contractMock(handlers: Partial<Record<AdminEndpointId, Handler>>) {
  const byEndpoint = new Map<Endpoint, AdminEndpointId>(listAdminEndpoints().map((e) => [e.endpoint, e.id]));
  const calls: Array<{ id: AdminEndpointId; input: Input }> = [];
  const adminCall = async (endpoint: Endpoint, input: Input = {}) => {
    const id = byEndpoint.get(endpoint);
    if (!id) throw new Error(`contractMock: not an admin endpoint: ${endpoint.method} ${endpoint.path}`);
    if (endpoint.params) (endpoint.params as z.ZodType).parse(input.params);
    if (endpoint.query) (endpoint.query as z.ZodType).parse(input.query ?? {});
    if (endpoint.body) (endpoint.body as z.ZodType).parse(input.body);
    calls.push({ id, input });
    const handler = handlers[id];
    if (!handler) throw new Error(`contractMock: no answer for ${id}`);
    const answer = await handler(input);
    return (endpoint.response as z.ZodType).parse(answer);
  };
  return { adminCall, calls };
}
