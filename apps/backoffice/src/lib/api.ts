import type { ClientEndpoint } from '@wallet/contract/client-api.gen';
import type { Endpoint } from '@wallet/contract/endpoint';
import { createApiClient, type CallArgs } from '@wallet/web-core/api-client';
import { safe } from '@wallet/web-core/storage';
import i18next from 'i18next';

const TOKEN_KEY = 'wallet.operator.token';

/** The operator token: kept for the tab only (a shared office computer forgets it when the tab closes). */
export const operatorTokens = {
  get: (): string | null => safe(() => sessionStorage.getItem(TOKEN_KEY), null),
  set: (token: string): void => safe(() => sessionStorage.setItem(TOKEN_KEY, token), undefined),
  clear: (): void => safe(() => sessionStorage.removeItem(TOKEN_KEY), undefined),
};

const client = createApiClient({ tokenStore: operatorTokens, language: () => i18next.language });

/** The console's fetcher: call any admin descriptor (packages/contract/src/admin) with its typed input and answer. */
export function adminCall<E extends Endpoint>(endpoint: E, ...input: CallArgs<E>) {
  return client.call<E>(endpoint as unknown as ClientEndpoint<E>, ...input);
}

/** 'signed-out' when the server refuses the token (expired, revoked, operator disabled). */
export const onSessionEvent = client.onSessionEvent;
