import type { ClientEndpoint } from '@wallet/contract/client-api.gen';
import { buildPath, type BodyOf, type Endpoint, type ParamsOf, type ResponseOf } from '@wallet/contract/endpoint';
import { GONE_MESSAGE, IDENTITY_FAILURE_MESSAGE, INVALID_TOKEN_MESSAGE } from '@wallet/contract/errors';
import { HTTP_TIMEOUT_MS, IDEMPOTENCY_HEADER, UPLOAD_TIMEOUT_MS, WALLET_USER_HEADER } from '@wallet/contract/limits';

/** A failed call: `code` is the server's message code (SPEC.md §8) or a transport code. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
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

/** Where the client reads the session token, and how it forgets it on an invalid-token answer. */
export type TokenStore = { get: () => string | null; clear: () => void };

export type ApiClientOptions = {
  tokenStore: TokenStore;
  /** prefix before every contract path, e.g. '' (same origin) or 'https://api.example.com' */
  basePath?: string;
  /** the interface language, sent as Accept-Language so server-fed content answers in it */
  language?: () => string | undefined;
};

type CallInput<E extends Endpoint> = (ParamsOf<E> extends undefined
  ? { params?: undefined }
  : { params: ParamsOf<E> }) &
  (BodyOf<E> extends undefined ? { body?: undefined } : { body: BodyOf<E> }) & {
    /** one key per user action for money-moving calls (a retry of the same action reuses it) */
    idempotencyKey?: string;
    formData?: FormData;
    signal?: AbortSignal;
  };

/**
 * One fetcher per app: `call()` for every contract endpoint, with the app's token store and base path, and
 * `onSessionEvent()` for the router (`gone` → /terminated, invalid token → /login). The transport never navigates.
 */
export function createApiClient({ tokenStore, basePath = '', language }: ApiClientOptions) {
  const baseUrl = basePath.replace(/\/$/, '');
  const listeners = new Set<Listener>();
  const emit = (event: SessionEvent) => listeners.forEach((l) => l(event));
  const onSessionEvent = (listener: Listener): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };

  /** Call one endpoint of the contract; resolves to its typed body or rejects with an ApiError. */
  async function call<E extends Endpoint>(
    endpoint: ClientEndpoint<E>,
    ...[input]: CallInput<E> extends { params?: undefined; body?: undefined } ? [CallInput<E>?] : [CallInput<E>]
  ): Promise<ResponseOf<E>> {
    const { params, body, idempotencyKey, formData, signal } = (input ?? {}) as {
      params?: Record<string, string>;
      body?: unknown;
      idempotencyKey?: string;
      formData?: FormData;
      signal?: AbortSignal;
    };
    const headers: Record<string, string> = { [WALLET_USER_HEADER]: '1' };
    const accepted = language?.();
    if (accepted) headers['Accept-Language'] = accepted;
    const token = tokenStore.get();
    if (token) headers.Authorization = `Bearer ${token}`;
    if (endpoint.movesMoney) headers[IDEMPOTENCY_HEADER] = idempotencyKey ?? crypto.randomUUID();
    let payload: BodyInit | undefined;
    if (formData) payload = formData;
    else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const timeout = AbortSignal.timeout(endpoint.isUpload ? UPLOAD_TIMEOUT_MS : HTTP_TIMEOUT_MS);
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${buildPath(endpoint.path, params)}`, {
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
    const data: unknown = await response.json().catch(() => null);
    const message = typeof data === 'object' && data !== null && 'message' in data ? String(data.message) : undefined;
    if (message === GONE_MESSAGE || response.status === 410) {
      emit('terminated');
      throw new ApiError(GONE_MESSAGE, response.status);
    }
    if (message === INVALID_TOKEN_MESSAGE || message === IDENTITY_FAILURE_MESSAGE) {
      tokenStore.clear();
      emit('signed-out');
      throw new ApiError(INVALID_TOKEN_MESSAGE, response.status);
    }
    if (!response.ok) throw new ApiError(message ?? 'INTERNAL_SERVER_ERROR', response.status);
    return data as ResponseOf<E>;
  }

  return { call, onSessionEvent };
}
