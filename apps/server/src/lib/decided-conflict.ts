import { AppError } from '../errors.ts';

/**
 * Someone decided this queue row first (another operator, another tab, the payout sender): APPROVAL_DECIDED (409)
 * with who did what when, so the console can say so, close its dialog and refresh the row
 * (docs/decisions/0033-live-queues.md). `by` null: the system (auto-approval, the payout reconciler).
 */
export function alreadyDecided(state: string, by: string | null, at: Date | null): AppError {
  return new AppError('APPROVAL_DECIDED', undefined, {
    reason: 'DECIDED',
    values: { state, by: by ?? 'system', at: at?.toISOString() ?? '' },
  });
}
