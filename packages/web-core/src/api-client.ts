import type { ClientEndpoint } from '@wallet/contract/client-api.gen';
import {
  buildPath,
  type BodyOf,
  type Endpoint,
  type ParamsOf,
  type QueryInOf,
  type ResponseOf,
} from '@wallet/contract/endpoint';
import { GONE_MESSAGE, IDENTITY_FAILURE_MESSAGE, INVALID_TOKEN_MESSAGE } from '@wallet/contract/errors';
import { HTTP_TIMEOUT_MS, IDEMPOTENCY_HEADER, UPLOAD_TIMEOUT_MS, WALLET_USER_HEADER } from '@wallet/contract/limits';
import type { RawAnswer } from './xhr-send.ts';

/** A failed call: `code` is the server's message code (docs/spec.md §8) or a transport code. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    /** the answer's body: `reason` and `values` beside `message` for the codes of ERROR_REASONS (docs/decisions/0020) */
    readonly body?: unknown,
  ) {
    super(code);
    this.name = 'ApiError';
  }
}

/** Transport codes for failures that never reached a server answer. */
export const NETWORK_ERROR = 'NETWORK_ERROR';
export const TIMEOUT_ERROR = 'TIMEOUT_ERROR';

export type SessionEvent = 'terminated' | 'signed-out';
type Listener = (event: SessionEvent) => void;

/**
 * Where the client reads the session token, and how it forgets it on an invalid-token answer. With
 * `getRefreshToken` and `replace`, a short-lived access token is renewed silently (docs/decisions/0017).
 */
export type TokenStore = {
  get: () => string | null;
  clear: () => void;
  getRefreshToken?: () => string | null;
  replace?: (token: string) => void;
};

export type ApiClientOptions = {
  tokenStore: TokenStore;
  /** prefix before every contract path, e.g. '' (same origin) or 'https://api.example.com' */
  basePath?: string;
  /** the renewal endpoint's path (`account.renew`), written out so the fetcher does not pull in the route table */
  renewPath?: string;
  /** the interface language, sent as Accept-Language so server-fed content answers in it */
  language?: () => string | undefined;
  /** headers added to every call, read when it is sent (the console's CSRF proof, docs/decisions/0021) */
  headers?: () => Record<string, string>;
};

/** Renew the access token when it has less than this left (it lives 15 minutes; docs/decisions/0017). */
export const RENEW_AHEAD_MS = 2 * 60_000;

/** The `exp` of a JWT in ms, or null when it is not a readable JWT (the server decides validity). */
function expiryOf(token: string): number | null {
  try {
    const part = token.split('.')[1] ?? '';
    const claims = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof claims.exp === 'number' ? claims.exp * 1000 : null;
  } catch {
    return null;
  }
}

/** `?a=1&b=x` from the defined, non-empty values (arrays repeat the key); '' when there are none. */
export function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null || item === '') continue;
      search.append(key, item instanceof Date ? item.toISOString() : String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

type CallInput<E extends Endpoint> = (ParamsOf<E> extends undefined
  ? { params?: undefined }
  : { params: ParamsOf<E> }) &
  (BodyOf<E> extends undefined ? { body?: undefined } : { body: BodyOf<E> }) &
  (QueryInOf<E> extends undefined ? { query?: undefined } : { query?: QueryInOf<E> }) & {
    /** one key per user action for money-moving calls (a retry of the same action reuses it) */
    idempotencyKey?: string;
    formData?: FormData;
    signal?: AbortSignal;
    /** headers for this call only (the chat's guest token), beside the client's own */
    headers?: Record<string, string>;
    /**
     * upload progress 0..1 of the request body: the call goes over XMLHttpRequest (fetch cannot report it), with the
     * same headers, session renewal, abort and error codes (docs/decisions/0035-chat-team-and-api-client.md)
     */
    onUploadProgress?: (fraction: number) => void;
  };

/** The arguments after the endpoint: optional when the endpoint needs no params and no body. */
export type CallArgs<E extends Endpoint> =
  CallInput<E> extends { params?: undefined; body?: undefined } ? [CallInput<E>?] : [CallInput<E>];

/**
 * One fetcher per app: `call()` for every contract endpoint, with the app's token store and base path, and
 * `onSessionEvent()` for the router (`gone` → /terminated, invalid token → /login). The transport never navigates.
 */
export function createApiClient({ tokenStore, basePath = '', renewPath, language, headers: extra }: ApiClientOptions) {
  const baseUrl = basePath.replace(/\/$/, '');
  let renewing: Promise<boolean> | null = null;

  /** Silent renewal with the stored refresh token; one request at a time however many calls need it. */
  function renewSession(): Promise<boolean> {
    const refreshToken = tokenStore.getRefreshToken?.();
    if (!renewPath || !refreshToken || !tokenStore.replace) return Promise.resolve(false);
    const replace = tokenStore.replace;
    renewing ??= (async () => {
      try {
        const response = await fetch(`${baseUrl}${renewPath}`, {
          method: 'POST',
          headers: { [WALLET_USER_HEADER]: '1', 'Content-Type': 'application/json' },
          body: JSON.stringify({ refreshToken }),
          signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
        });
        const data = (await response.json().catch(() => null)) as { token?: unknown } | null;
        if (!response.ok || typeof data?.token !== 'string') return false;
        replace(data.token);
        return true;
      } catch {
        return false;
      } finally {
        renewing = null;
      }
    })();
    return renewing;
  }
  const listeners = new Set<Listener>();
  const emit = (event: SessionEvent) => listeners.forEach((l) => l(event));
  const onSessionEvent = (listener: Listener): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };

  /** Call one endpoint of the contract; resolves to its typed body or rejects with an ApiError. */
  async function call<E extends Endpoint>(
    endpoint: ClientEndpoint<E>,
    ...[input]: CallArgs<E>
  ): Promise<ResponseOf<E>> {
    const { params, query, body, idempotencyKey, formData, signal, onUploadProgress, ...rest } = (input ?? {}) as {
      params?: Record<string, string>;
      query?: Record<string, unknown>;
      body?: unknown;
      idempotencyKey?: string;
      formData?: FormData;
      signal?: AbortSignal;
      headers?: Record<string, string>;
      onUploadProgress?: (fraction: number) => void;
    };
    const baseHeaders: Record<string, string> = { [WALLET_USER_HEADER]: '1' };
    // one key for the action, also when the call is sent again after a renewal
    if (endpoint.movesMoney) baseHeaders[IDEMPOTENCY_HEADER] = idempotencyKey ?? crypto.randomUUID();
    const accepted = language?.();
    if (accepted) baseHeaders['Accept-Language'] = accepted;
    let payload: FormData | string | undefined;
    if (formData) payload = formData;
    else if (body !== undefined) {
      baseHeaders['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const url = `${baseUrl}${buildPath(endpoint.path, params)}${queryString(query)}`;
    const timeoutMs = endpoint.isUpload ? UPLOAD_TIMEOUT_MS : HTTP_TIMEOUT_MS;
    /** One attempt over fetch, or over XMLHttpRequest when the caller follows upload progress. */
    const transmit = async (headers: Record<string, string>): Promise<RawAnswer> => {
      if (onUploadProgress) {
        // loaded with the first upload only: the pages most players open first never send one (the bundle budget)
        const { xhrSend, XhrFailure } = await import('./xhr-send.ts');
        try {
          return await xhrSend(url, {
            method: endpoint.method,
            headers,
            body: payload,
            timeoutMs,
            signal,
            onUploadProgress,
          });
        } catch (err) {
          if (!(err instanceof XhrFailure)) throw err;
          if (err.kind === 'timeout') throw new ApiError(TIMEOUT_ERROR, 0);
          if (err.kind === 'aborted') throw new DOMException('The call was aborted', 'AbortError');
          throw new ApiError(NETWORK_ERROR, 0);
        }
      }
      const timeout = AbortSignal.timeout(timeoutMs);
      let response: Response;
      try {
        response = await fetch(url, {
          method: endpoint.method,
          headers,
          body: payload,
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
      } catch (err) {
        if (timeout.aborted) throw new ApiError(TIMEOUT_ERROR, 0);
        if (signal?.aborted) throw err;
        throw new ApiError(NETWORK_ERROR, 0);
      }
      return { status: response.status, ok: response.ok, data: await response.json().catch(() => null) };
    };
    const send = async (): Promise<{ response: RawAnswer; message: string | undefined; data: unknown }> => {
      const headers = { ...baseHeaders, ...extra?.(), ...rest.headers };
      const token = tokenStore.get();
      if (token) headers.Authorization = `Bearer ${token}`;
      const response = await transmit(headers);
      const data = response.data;
      const message = typeof data === 'object' && data !== null && 'message' in data ? String(data.message) : undefined;
      return { response, message, data };
    };

    // renew a token that is about to expire before using it
    const current = tokenStore.get();
    const expiresAt = current ? expiryOf(current) : null;
    if (expiresAt !== null && expiresAt - Date.now() < RENEW_AHEAD_MS) await renewSession();

    let { response, message, data } = await send();
    const isTokenRefused = (m: string | undefined) => m === INVALID_TOKEN_MESSAGE || m === IDENTITY_FAILURE_MESSAGE;
    // a token refused anyway (a sleeping tab, a clock off): renew once and send again
    if (isTokenRefused(message) && tokenStore.get() && (await renewSession())) {
      ({ response, message, data } = await send());
    }
    if (message === GONE_MESSAGE || response.status === 410) {
      emit('terminated');
      throw new ApiError(GONE_MESSAGE, response.status);
    }
    if (isTokenRefused(message)) {
      tokenStore.clear();
      emit('signed-out');
      throw new ApiError(INVALID_TOKEN_MESSAGE, response.status);
    }
    if (!response.ok) throw new ApiError(message ?? 'INTERNAL_SERVER_ERROR', response.status, data);
    return data as ResponseOf<E>;
  }

  return { call, onSessionEvent };
}
