// The periods limits count over: Bangkok calendar day, week (from Monday) and month (docs/responsible-play.md §2).
import { bangkokDate, bangkokDayStart, bangkokWeekStart } from '../../lib/bangkok-time.ts';

export type LimitPeriod = 'day' | 'week' | 'month';

const DAY_MS = 86_400_000;

/** 00:00 Bangkok on the 1st of `at`'s Bangkok month. */
function bangkokMonthStart(at: Date): Date {
  return new Date(`${bangkokDate(at).slice(0, 8)}01T00:00:00+07:00`);
}

/** The start of the period holding `at`, and the start of the next one (when a reached limit lifts). */
export function periodOf(period: LimitPeriod, at: Date): { from: Date; until: Date } {
  if (period === 'day') {
    const from = bangkokDayStart(at);
    return { from, until: new Date(from.getTime() + DAY_MS) };
  }
  if (period === 'week') {
    const from = bangkokWeekStart(at);
    return { from, until: new Date(from.getTime() + 7 * DAY_MS) };
  }
  const from = bangkokMonthStart(at);
  // 32 days past the 1st is always in the next month; its 1st is the end of this one
  return { from, until: bangkokMonthStart(new Date(from.getTime() + 32 * DAY_MS)) };
}
