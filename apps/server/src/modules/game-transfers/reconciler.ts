import type { CancelOutcome, GameProvider, TransferStatus } from '../../providers/games/game-provider.ts';
import type { GamesDeps } from '../game-accounts/game-accounts.api.ts';
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
 * Finish pending game transfers by asking each provider for the status of our transfer id (docs/design.md §3).
 * It never guesses:
 *  - success   → settle exactly as the request handler would (to_game: transit → provider; from_game: provider → wallet);
 *  - not_found → nothing until the transfer is older than the grace window; then `cancelTransfer(id)` first, because
 *                a request with our id may still be stuck in the network or the provider's queue:
 *                  cancelled       → the provider tombstoned the id and refuses it forever: to_game voided
 *                                    (transit → wallet), from_game failed (nothing was credited);
 *                  already_applied → it landed after all: settled as success (direction and amount must match);
 *                  no definite answer (throws) → stays pending, asked again next round;
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

  if (status.kind === 'success') return settleApplied(deps, transfer, status);

  if (status.kind === 'not_found') {
    const age = now.getTime() - transfer.createdAt.getTime();
    if (age < deps.timing.notFoundGraceMs)
      return stay(deps, transfer, 'not found at the provider yet (inside the grace window)');
    return cancelThenGiveUp(deps, provider, transfer);
  }

  return stay(deps, transfer, 'provider status not known yet');
}

/**
 * `not_found` past the grace window. Giving the transfer up is safe only once the provider can no longer apply our
 * id, so ask it to cancel the id first; only its definite `cancelled` lets a to_game be voided / a from_game fail.
 */
async function cancelThenGiveUp(deps: GamesDeps, provider: GameProvider, transfer: GameTransfer): Promise<Outcome> {
  let cancel: CancelOutcome;
  try {
    cancel = await provider.cancelTransfer(transfer.id);
  } catch (err) {
    const why = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
    return stay(deps, transfer, `not found, but the cancel was not confirmed (${why})`);
  }
  if (cancel.kind === 'already_applied') return settleApplied(deps, transfer, cancel);
  const final = await resolveTransfer(deps, transfer.id, {
    kind: 'failed',
    reason: 'CANCELLED at the provider (NOT_FOUND after the grace window)',
  });
  if (final !== 'failed') return 'pending';
  return transfer.direction === 'to_game' ? 'voided' : 'failed';
}

/** Our legs in the provider adapter's wire words. */
const WIRE_OP = { to_game: 'deposit', from_game: 'withdraw' } as const;

/** The provider applied our id (status success, or a cancel that came too late): settle if it matches our row. */
async function settleApplied(
  deps: GamesDeps,
  transfer: GameTransfer,
  applied: { providerRef: string; direction: 'deposit' | 'withdraw'; amount: bigint },
): Promise<Outcome> {
  if (applied.direction !== WIRE_OP[transfer.direction] || applied.amount !== transfer.amount) {
    // the provider applied something else under our id: a human must look, money stays where it is
    deps.log.error(
      {
        transferId: transfer.id,
        ours: { direction: transfer.direction, amount: String(transfer.amount) },
        theirs: { direction: applied.direction, amount: String(applied.amount) },
      },
      'reconciler: provider record does not match our transfer',
    );
    return stay(deps, transfer, 'provider record does not match (direction or amount)');
  }
  const final = await resolveTransfer(deps, transfer.id, { kind: 'success', providerRef: applied.providerRef });
  return final === 'success' ? 'settled' : 'pending';
}

async function stay(deps: GamesDeps, transfer: GameTransfer, why: string): Promise<Outcome> {
  await notePending(deps.db, transfer.id, why, deps.clock.now(), true);
  return 'pending';
}
