import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@wallet/contract/client-api.gen';
import { call } from '../lib/api-client.ts';
import { queryClient } from '../lib/query-client.ts';

/** Lookups rarely change during a visit: cache them for the session. */
const LOOKUP_STALE_MS = 5 * 60_000;

/** GET /api/lookup/* used by registration, contact, how-to and the agreement (docs/spec.md §7). */
const lookupQueries = {
  banks: () =>
    queryOptions({
      queryKey: ['lookup', 'banks'],
      queryFn: ({ signal }) => call(api.lookup.banks, { signal }),
      staleTime: LOOKUP_STALE_MS,
    }),
  sources: () =>
    queryOptions({
      queryKey: ['lookup', 'sources'],
      queryFn: ({ signal }) => call(api.lookup.sources, { signal }),
      staleTime: LOOKUP_STALE_MS,
    }),
  registerOtp: () =>
    queryOptions({
      queryKey: ['lookup', 'registerOTP'],
      queryFn: ({ signal }) => call(api.lookup.registerOTP, { signal }),
      select: (data) => data.registerOTP,
      staleTime: LOOKUP_STALE_MS,
    }),
  contact: () =>
    queryOptions({
      queryKey: ['lookup', 'contact'],
      queryFn: ({ signal }) => call(api.lookup.contact, { signal }),
      staleTime: LOOKUP_STALE_MS,
    }),
  agreements: () =>
    queryOptions({
      queryKey: ['lookup', 'agreements'],
      queryFn: ({ signal }) => call(api.lookup.agreements, { signal }),
      staleTime: LOOKUP_STALE_MS,
    }),
};

export const useBanks = () => useQuery(lookupQueries.banks());
export const useSources = () => useQuery(lookupQueries.sources());
/** whether registration needs an SMS OTP (step 2); undefined while loading */
export const useRegisterOtp = () => useQuery(lookupQueries.registerOtp());
/** Reads the OTP setting into the cache (never throws): /register's loader, so its first screen has the step count. */
export const prefetchRegisterOtp = () => queryClient.prefetchQuery(lookupQueries.registerOtp());
export const useContact = () => useQuery(lookupQueries.contact());
export const useAgreements = (isEnabled = true) => useQuery({ ...lookupQueries.agreements(), enabled: isEnabled });
