import { createApiClient } from '@wallet/web-core/api-client';
import { storage } from './storage.ts';

/** The player's fetcher: the member session token (renewed silently, ADR 0017), same-origin paths. */
export const { call, onSessionEvent } = createApiClient({ tokenStore: storage.token, renewPath: '/api/session/renew' });
