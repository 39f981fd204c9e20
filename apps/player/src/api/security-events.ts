import { useQuery } from '@tanstack/react-query';
import { api } from '@wallet/contract/client-api.gen';
import { call } from '../lib/api-client.ts';

/** The member's recent password and payout-account changes (the profile's security history). */
export const useSecurityEvents = () =>
  useQuery({
    queryKey: ['account', 'security-events'],
    queryFn: ({ signal }) => call(api.account.securityEvents, { signal }),
  });
