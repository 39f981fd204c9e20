import { adminApi } from '@wallet/contract/admin/admin-api';
import type { AdminMe } from '@wallet/contract/admin/auth';
import type { OperatorRole } from '@wallet/contract/admin/roles';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { adminCall, consoleSession } from './api.ts';

export const ME_KEY = ['admin', 'me'] as const;

/** The signed-in operator (GET /api/admin/me); disabled without a console session. */
export function useMe() {
  return useQuery({
    queryKey: ME_KEY,
    queryFn: () => adminCall(adminApi.auth.me),
    enabled: consoleSession.isSignedIn(),
    staleTime: 60_000,
    retry: false,
  });
}

/** The operator's roles, for pages that show or hide actions (the server checks every call anyway). */
export function useOperator(): AdminMe {
  const { data } = useMe();
  return data ?? { username: '', roles: [] };
}

export const hasRole = (me: AdminMe, ...roles: OperatorRole[]) => roles.some((role) => me.roles.includes(role));

/** Sign out: end the session on the server (it clears the cookies; best effort), forget every cached answer. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await adminCall(adminApi.auth.logout).catch(() => undefined);
    consoleSession.forget();
    queryClient.clear();
  }, [queryClient]);
}
