import { createQueryClient } from '@wallet/web-core/query-client';

/**
 * The player's one query cache (app providers and route guards share it). `networkMode: 'always'`: offline, a
 * request fails at once (NETWORK_ERROR, then the screen's retry) instead of pausing with a spinner that never stops
 * until the connection returns; a paused money action must never fire by itself later. Every sent request is
 * bounded by the api client's timeout.
 */
export const queryClient = createQueryClient();
const defaults = queryClient.getDefaultOptions();
queryClient.setDefaultOptions({
  queries: { ...defaults.queries, networkMode: 'always' },
  mutations: { ...defaults.mutations, networkMode: 'always' },
});
