import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { useActionKey } from './use-action-key.ts';

export type MoneyMutationOptions<TBody, TResult> = {
  /** sends one request; `idempotencyKey` is the intent's key (the same for a retry after no answer) */
  mutationFn: (body: TBody, idempotencyKey: string) => Promise<TResult>;
  /** after every settled request (e.g. invalidate the wallet) */
  onSettled?: () => unknown;
};

export type MoneyCallbacks<TResult> = {
  onSuccess?: (result: TResult) => void;
  onError?: (error: unknown) => void;
};

/**
 * A money action is submitted once per intent (a double tap is one request). A ref set synchronously before the request
 * starts is the guard, so a second tap in the same frame (before React re-renders `isPending`) sends nothing
 * and its callbacks never run: the first request's outcome is the one the player sees. A retry after an
 * unanswered failure reuses the Idempotency-Key (useActionKey), so the server replays instead of moving money
 * twice.
 *
 * - `submit(body, callbacks)`: for buttons; returns false (and does nothing) while a request is in flight.
 * - `run(body)`: for flows that await the outcome; while a request is in flight it returns that same promise.
 */
export function useMoneyMutation<TBody, TResult>({ mutationFn, onSettled }: MoneyMutationOptions<TBody, TResult>) {
  const actionKey = useActionKey();
  const inFlight = useRef<Promise<TResult> | null>(null);
  const mutation = useMutation({
    mutationFn: async (body: TBody): Promise<TResult> => {
      try {
        const result = await mutationFn(body, actionKey.keyFor(body));
        actionKey.settle(null);
        return result;
      } catch (error) {
        actionKey.settle(error);
        throw error;
      }
    },
    onSettled,
  });

  const run = (body: TBody): Promise<TResult> => {
    inFlight.current ??= mutation.mutateAsync(body).finally(() => {
      inFlight.current = null;
    });
    return inFlight.current;
  };
  const submit = (body: TBody, callbacks: MoneyCallbacks<TResult> = {}): boolean => {
    if (inFlight.current) return false;
    run(body).then(
      (result) => callbacks.onSuccess?.(result),
      (error: unknown) => callbacks.onError?.(error),
    );
    return true;
  };

  return { submit, run, isPending: mutation.isPending };
}
