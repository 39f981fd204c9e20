import type { ClientEndpoint } from '@wallet/contract/client-api.gen';
import type { Endpoint } from '@wallet/contract/endpoint';
import { createApiClient, type CallArgs } from '@wallet/web-core/api-client';
import { safe } from '@wallet/web-core/storage';
import i18next from 'i18next';

/**
 * The console's session is an httpOnly cookie shared by every tab of the browser (docs/decisions/0021): the script
 * never holds the token. Beside it the server sets a readable CSRF cookie, the proof every state-changing call sends
 * back in `X-CSRF-Token` (over HTTPS the names carry the `__Host-` prefix).
 */
const CSRF_COOKIES = ['__Host-wallet-op-csrf', 'wallet-op-csrf'] as const;
export const CSRF_HEADER = 'X-CSRF-Token';

function readCsrf(): string | null {
  const cookies = safe(() => document.cookie, '');
  for (const part of cookies.split(';')) {
    const [name = '', ...value] = part.trim().split('=');
    if ((CSRF_COOKIES as readonly string[]).includes(name) && value.join('=')) return value.join('=');
  }
  return null;
}

export const consoleSession = {
  /** whether this browser holds a console session (a hint; the server decides on every call) */
  isSignedIn: (): boolean => readCsrf() !== null,
  /** forget the readable half after the server refused the session (the httpOnly half is dead anyway) */
  forget: (): void =>
    safe(() => {
      document.cookie = `${CSRF_COOKIES[0]}=; Path=/; Max-Age=0; Secure; SameSite=Strict`;
      document.cookie = `${CSRF_COOKIES[1]}=; Path=/; Max-Age=0; SameSite=Strict`;
    }, undefined),
};

/** The CSRF proof every state-changing call sends (uploads with progress too: they go through the same client). */
export function csrfHeaders(): Record<string, string> {
  const token = readCsrf();
  return token ? { [CSRF_HEADER]: token } : {};
}

const client = createApiClient({
  tokenStore: { get: () => null, clear: consoleSession.forget },
  language: () => i18next.language,
  headers: csrfHeaders,
});

/** The console's fetcher: call any admin descriptor (packages/contract/src/admin) with its typed input and answer. */
export function adminCall<E extends Endpoint>(endpoint: E, ...input: CallArgs<E>) {
  return client.call<E>(endpoint as unknown as ClientEndpoint<E>, ...input);
}

/** 'signed-out' when the server refuses the session (expired, revoked, operator disabled). */
export const onSessionEvent = client.onSessionEvent;
