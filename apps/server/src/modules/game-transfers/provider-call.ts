import type { TransferOutcome } from '../../providers/games/game-provider.ts';

/** What a provider transfer call (wire `deposit`/`withdraw`) came to: the provider's definite answer, or unknown (docs/design.md §3). */
export type CallResult = TransferOutcome | { kind: 'unknown'; error: string };

/**
 * Call the provider up to `attempts` times with the SAME transfer id (the provider applies an id once and
 * answers a repeat with the first result), stopping at the first definite answer. Anything that is not a
 * definite answer (timeout, 5xx, a thrown error of any kind) is unknown: the transfer stays pending.
 */
export async function callWithSameId(
  call: () => Promise<TransferOutcome>,
  attempts: number,
  mayRetry: () => Promise<boolean> = async () => true,
): Promise<CallResult> {
  let error = 'not called';
  for (let attempt = 1; attempt <= Math.max(1, attempts); attempt++) {
    // a retry must never reach the provider after the reconciler may have given the transfer up
    if (attempt > 1 && !(await mayRetry())) break;
    try {
      return await call();
    } catch (err) {
      error = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
    }
  }
  return { kind: 'unknown', error };
}

/** A provider answer or `undefined` after `ms` (the slow call is abandoned, not cancelled). */
export async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([promise.catch(() => undefined), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A definite refusal that means "not enough money at the game" (sandbox INSUFFICIENT_BALANCE and the like). */
export function isInsufficient(reason: string): boolean {
  return /insufficient|not.?enough/i.test(reason);
}
