import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@wallet/contract/client-api.gen';
import { call } from '../../lib/api-client.ts';

/** Site name, logo and brand colours rarely change: read once per session. */
export const siteInfoQuery = () =>
  queryOptions({
    queryKey: ['lookup', 'info'],
    queryFn: ({ signal }) => call(api.lookup.info, { signal }),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });

/** GET /api/lookup/info (name, website, logo, primaryColor, accentColor); undefined while loading or on failure. */
export function useSiteInfo() {
  return useQuery(siteInfoQuery()).data;
}
