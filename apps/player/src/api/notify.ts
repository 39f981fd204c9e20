import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@wallet/contract/endpoint';
import type { api as schemaApi } from '@wallet/contract/api';
import { api } from '@wallet/contract/client-api.gen';
import { call } from '../lib/api-client.ts';

type Notify = typeof schemaApi.notify;

const LINE_KEY = ['notify', 'line'] as const;

/** GET /api/notify/line; while a link code is shown it polls, so the screen turns "linked" once LINE says so. */
export const useLineStatus = (options: { isWaitingForLink?: boolean } = {}) =>
  useQuery({
    queryKey: LINE_KEY,
    queryFn: ({ signal }) => call(api.notify.line, { signal }),
    refetchInterval: options.isWaitingForLink ? 3000 : false,
  });

/** POST /api/notify/line/code → {code, expiresAt, addFriendUrl} */
export const useLineLinkCode = () =>
  useMutation({
    mutationFn: (body: BodyOf<Notify['lineLinkCode']>) => call(api.notify.lineLinkCode, { body }),
  });

/** PUT /api/notify/line/preferences; the answer is the new status */
export function useLinePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<Notify['linePreferences']>) => call(api.notify.linePreferences, { body }),
    onSuccess: (status) => queryClient.setQueryData(LINE_KEY, status),
  });
}

/** DELETE /api/notify/line */
export function useLineUnlink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.notify.lineUnlink),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LINE_KEY }),
  });
}
