import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { api as schemaApi } from '@wallet/contract/api';
import type { BodyOf } from '@wallet/contract/endpoint';
import { api } from '@wallet/contract/client-api.gen';
import { call } from '../lib/api-client.ts';

type ResponsiblePlayApi = typeof schemaApi.responsiblePlay;
const RP_KEY = ['responsiblePlay'] as const;

/** GET /api/responsible-play: limits (with a pending loosening and what the period used) and a running break */
export const useResponsiblePlay = () =>
  useQuery({ queryKey: RP_KEY, queryFn: ({ signal }) => call(api.responsiblePlay.get, { signal }) });

/** POST /api/responsible-play/limit; the answer is the new view */
export function useSetLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<ResponsiblePlayApi['setLimit']>) => call(api.responsiblePlay.setLimit, { body }),
    onSuccess: (view) => queryClient.setQueryData(RP_KEY, view),
  });
}

/** POST /api/responsible-play/break; the answer is the new view */
export function useStartBreak() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<ResponsiblePlayApi['startBreak']>) => call(api.responsiblePlay.startBreak, { body }),
    onSuccess: (view) => queryClient.setQueryData(RP_KEY, view),
  });
}

/** GET /api/responsible-play/session: the reality check's session start, interval and money into games and back */
export const fetchRealityCheck = () => call(api.responsiblePlay.session);
