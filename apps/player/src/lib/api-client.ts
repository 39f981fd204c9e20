import { createApiClient } from '@wallet/web-core/api-client';
import i18next from 'i18next';
import { storage } from './storage.ts';

/** The player's fetcher: the member session token, same-origin paths, the interface language for content. */
export const { call, onSessionEvent } = createApiClient({
  tokenStore: storage.token,
  language: () => i18next.language || undefined,
});
