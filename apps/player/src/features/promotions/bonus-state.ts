import type { Bonus } from '@wallet/contract/promotions';

/**
 * docs/spec.md §4: a member's bonus is open (not received), active, or received (its receive limit reached); beyond
 * the spec, `blocked` while another bonus, refund or invite condition runs (the server refuses a second one:
 * BONUS_ALREADY_ACTIVE, docs/decisions/0020-bonus-cancel-and-claim-rules.md).
 */
export type BonusState = 'open' | 'active' | 'received' | 'blocked';

const BANGKOK_OFFSET_MS = 7 * 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** Days since the epoch on the Bangkok calendar (UTC+7, no daylight saving). */
const bangkokDay = (time: number) => Math.floor((time + BANGKOK_OFFSET_MS) / DAY_MS);
/** Weeks since the epoch on the Bangkok calendar, starting on Monday (1970-01-01 was a Thursday). */
const bangkokWeek = (time: number) => Math.floor((bangkokDay(time) + 3) / 7);

/** The receipts that count against `maxReceived` (docs/design.md §4: limit all, day today, week this week, Bangkok time). */
function receiptsCounted(bonus: Bonus, now: Date): number {
  const receipts = bonus.userBonus?.received ?? [];
  if (bonus.type === 'limit') return receipts.length;
  const period = bonus.type === 'day' ? bangkokDay : bangkokWeek;
  const current = period(now.getTime());
  return receipts.filter(({ updatedAt }) => period(new Date(updatedAt).getTime()) === current).length;
}

export function bonusState(bonus: Bonus, now: Date, isConditionRunning = false): BonusState {
  if (bonus.userBonus?.isActive) return 'active';
  if (receiptsCounted(bonus, now) >= bonus.maxReceived) return 'received';
  return isConditionRunning ? 'blocked' : 'open';
}

/** The notice (GET /api/lookup/notice) with the bonus's percentFail in place of `%percentFail%` (docs/spec.md §3). */
export const noticeFor = (text: string, percentFail: number): string =>
  text.replaceAll('%percentFail%', String(percentFail));
