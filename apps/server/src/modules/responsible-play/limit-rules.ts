// What a limit is now, and how a change applies: tighter at once, looser after 24 h (docs/responsible-play.md §3).
import type { ResponsibleLimitKind } from '../../db/schema/responsible-play.ts';

/** a looser value (higher, or none) waits this long */
const LOOSEN_DELAY_MS = 24 * 60 * 60 * 1000;

export type LimitRow = {
  kind: ResponsibleLimitKind;
  value: bigint | null;
  hasPending: boolean;
  pendingValue: bigint | null;
  pendingAt: Date | null;
};

/** The value in force at `now`: a pending change whose time has come replaces the stored one. */
export function effectiveLimit(row: LimitRow | undefined, now: Date): bigint | null {
  if (!row) return null;
  if (row.hasPending && row.pendingAt && row.pendingAt <= now) return row.pendingValue;
  return row.value;
}

/** Whether `next` is at least as strict as `current` (null = no limit, the loosest). */
export const isTighter = (next: bigint | null, current: bigint | null): boolean =>
  next !== null && (current === null || next <= current);

/** The row after asking for `next` at `now`: a tighter value at once, a looser one pending for 24 h. */
export function applyChange(
  row: LimitRow | undefined,
  next: bigint | null,
  now: Date,
): Pick<LimitRow, 'value' | 'hasPending' | 'pendingValue' | 'pendingAt'> {
  const current = effectiveLimit(row, now);
  if (isTighter(next, current)) return { value: next, hasPending: false, pendingValue: null, pendingAt: null };
  // looser: the value in force stays; the new one waits (asking again restarts the 24 h)
  return { value: current, hasPending: true, pendingValue: next, pendingAt: new Date(now.getTime() + LOOSEN_DELAY_MS) };
}
