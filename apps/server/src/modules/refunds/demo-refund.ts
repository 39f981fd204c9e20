import { DEMO_MEMBER } from '../../bootstrap/demo.ts';
import { bangkokDayStart } from '../../lib/bangkok-time.ts';
import { memberIdByUsername } from '../account/account.api.ts';
import { recordBets } from '../promotions/promotions.api.ts';
import { computeDailyRefunds, yesterdayOf, type DailyRefundDeps } from './daily-refunds.ts';

const HOUR_MS = 3_600_000;

/**
 * Demo data (docs/design.md §9.6): the refund rate, and a loss of the demo member yesterday (two settled slot bets recorded in
 * the bet history through promotions.api, as the turnover pull would) turned into a claimable refund by the same
 * computation the 00:05 job runs. Idempotent: the bets have fixed ids, the refund is unique per member and day.
 */
export async function seedDemoRefund(deps: DailyRefundDeps): Promise<void> {
  await deps.settings.setDefault('refundRates', { lossPercent: 5, minRefund: 1, successPercent: 200, failPercent: 10 });
  const memberId = await memberIdByUsername(deps.db, DEMO_MEMBER.username);
  if (memberId === null) return;
  const now = deps.clock.now();
  const day = yesterdayOf(now);
  const evening = new Date(bangkokDayStart(now).getTime() - 4 * HOUR_MS);
  await recordBets(
    deps.db,
    [
      { game: 'pg', betId: `demo-${memberId}-${day}-1`, memberId, stake: 100_000n, payout: 0n, placedAt: evening },
      { game: 'pg', betId: `demo-${memberId}-${day}-2`, memberId, stake: 50_000n, payout: 50_000n, placedAt: evening },
    ],
    now,
  );
  await computeDailyRefunds(deps, day);
}
