import type { TransferStatus } from '../../providers/games/game-provider.ts';
import type { GamesDeps } from './games-deps.ts';
import { listPending, notePending, type GameTransfer } from './transfer.repository.ts';
import { resolveTransfer } from './transfer-settlement.ts';

export type ReconcileOptions = {
  /** only transfers at least this old (the request handler is still working on younger ones) */
  olderThanMs?: number;
  /** at most this many per run */
  limit?: number;
};

export type ReconcileReport = {
  checked: number;
  settled: number;
  voided: number;
  failed: number;
  stillPending: number;
};

export const RECONCILE_INTERVAL_MS = 10_000;
const DEFAULT_MIN_AGE_MS = 5_000;
const DEFAULT_LIMIT = 200;

/**
 * Finish pending game transfers by asking each provider for the status of our transfer id (DESIGN.md §3).
 * It never guesses:
 *  - success   → settle exactly as the request handler would (deposit: transit → provider; withdraw: provider → wallet);
 *  - not_found → only once the transfer is older than the grace window (no request of ours can still arrive):
 *                deposit voided (transit → wallet), withdraw failed (nothing was credited);
 *  - unknown, an answer that does not match our row, or an error → stays pending, one more attempt counted.
 * Every resolution is a conditional update, so racing the request handler or another process settles once.
 */
export async function reconcilePending(deps: GamesDeps, options: ReconcileOptions = {}): Promise<ReconcileReport> {
  const now = deps.clock.now();
  const before = new Date(now.getTime() - (options.olderThanMs ?? DEFAULT_MIN_AGE_MS));
  const pending = await listPending(deps.db, before, options.limit ?? DEFAULT_LIMIT);
  const report: ReconcileReport = { checked: pending.length, settled: 0, voided: 0, failed: 0, stillPending: 0 };
  await Promise.all(
    pending.map(async (transfer) => {
      const outcome = await reconcileOne(deps, transfer, now).catch((err: unknown) => {
        deps.log.error({ err, transferId: transfer.id }, 'reconciler: transfer could not be reconciled');
        return 'pending' as const;
      });
      if (outcome === 'settled') report.settled += 1;
      else if (outcome === 'voided') report.voided += 1;
      else if (outcome === 'failed') report.failed += 1;
      else report.stillPending += 1;
    }),
  );
  return report;
}

type Outcome = 'settled' | 'voided' | 'failed' | 'pending';

async function reconcileOne(deps: GamesDeps, transfer: GameTransfer, now: Date): Promise<Outcome> {
  const provider = deps.providers.get(transfer.game);
  if (!provider) return stay(deps, transfer, 'no provider configured for this game');
  let status: TransferStatus;
  try {
    status = await provider.transferStatus(transfer.id);
  } catch (err) {
    return stay(deps, transfer, err instanceof Error ? `${err.name}: ${err.message}` : String(err));
  }

  if (status.kind === 'success') {
    if (status.direction !== transfer.direction || status.amount !== transfer.amount) {
      // the provider applied something else under our id: a human must look, money stays where it is
      deps.log.error(
        {
          transferId: transfer.id,
          ours: { direction: transfer.direction, amount: String(transfer.amount) },
          theirs: { direction: status.direction, amount: String(status.amount) },
        },
        'reconciler: provider record does not match our transfer',
      );
      return stay(deps, transfer, 'provider record does not match (direction or amount)');
    }
    const final = await resolveTransfer(deps, transfer.id, { kind: 'success', providerRef: status.providerRef });
    return final === 'success' ? 'settled' : 'pending';
  }

  if (status.kind === 'not_found') {
    const age = now.getTime() - transfer.createdAt.getTime();
    if (age < deps.timing.notFoundGraceMs)
      return stay(deps, transfer, 'not found at the provider yet (inside the grace window)');
    const final = await resolveTransfer(deps, transfer.id, {
      kind: 'failed',
      reason: 'NOT_FOUND at the provider after the grace window',
    });
    if (final !== 'failed') return 'pending';
    return transfer.direction === 'deposit' ? 'voided' : 'failed';
  }

  return stay(deps, transfer, 'provider status not known yet');
}

async function stay(deps: GamesDeps, transfer: GameTransfer, why: string): Promise<Outcome> {
  await notePending(deps.db, transfer.id, why, deps.clock.now(), true);
  return 'pending';
}
