import { createApiClient } from '@wallet/web-core/api-client';
import i18next from 'i18next';
import { storage } from './storage.ts';

/** The player's fetcher: the member session token (renewed silently, ADR 0017), same-origin paths, the interface
 * language for server-fed content. */
export const { call, onSessionEvent } = createApiClient({
  tokenStore: storage.token,
  renewPath: '/api/session/renew',
  language: () => i18next.language || undefined,
});
