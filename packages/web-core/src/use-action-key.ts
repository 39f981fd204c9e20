import { useMemo, useRef } from 'react';
import { ApiError, NETWORK_ERROR, TIMEOUT_ERROR } from './api-client.ts';

/** Failures after which the server may or may not have acted: a retry of the same action must reuse its key. */
const UNANSWERED_CODES = new Set([NETWORK_ERROR, TIMEOUT_ERROR, 'IDEMPOTENCY_IN_PROGRESS', 'INTERNAL_SERVER_ERROR']);
export const isUnansweredError = (error: unknown): boolean =>
  error instanceof ApiError && UNANSWERED_CODES.has(error.code);

/**
 * One Idempotency-Key per user action. `keyFor(body)` is called when the player submits; a retry of the
 * same request after an unanswered attempt (network error, timeout, still in progress) reuses the key, so the
 * server replays instead of moving money twice. Any answered outcome ends the action.
 */
export function useActionKey() {
  const current = useRef<{ signature: string; key: string } | null>(null);
  return useMemo(
    () => ({
      keyFor(body: unknown): string {
        const signature = JSON.stringify(body);
        if (current.current?.signature !== signature) current.current = { signature, key: crypto.randomUUID() };
        return current.current.key;
      },
      settle(error: unknown): void {
        if (!isUnansweredError(error)) current.current = null;
      },
    }),
    [],
  );
}
