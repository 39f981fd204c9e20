import { eq, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { refundRuns, refunds } from '../../db/schema/refunds.ts';
import { bangkokDate, bangkokDayStart } from '../../lib/bangkok-time.ts';
import { referralFacts } from '../account/account.api.ts';
import { memberDailyWinLoss } from '../promotions/promotions.api.ts';
import type { SettingsService } from '../settings/settings.api.ts';
import { basisPoints, toMinor } from '../../lib/money-math.ts';

const DAY_MS = 24 * 3_600_000;

/** The Bangkok day before the one `at` falls in (YYYY-MM-DD). */
export const yesterdayOf = (at: Date): string => bangkokDate(new Date(bangkokDayStart(at).getTime() - DAY_MS));

/** A refund of `loss` at `basisPoints` (hundredths of a percent), rounded down to the minor unit. */
const refundOf = (loss: bigint, basisPoints: number): bigint => (loss * BigInt(basisPoints)) / 10_000n;

export type DailyRefundDeps = { db: Db; clock: Clock; settings: SettingsService };

/**
 * The daily refund (00:05 Bangkok, docs/design.md §4): every member's net loss of `day` (stakes − payouts, from the
 * promotions module's daily summary) × `refundRates.lossPercent` into a claimable refund, once per member and day
 * (unique index; a rerun or a second process adds nothing). Refunds below `refundRates.minRefund` are not made.
 */
export async function computeDailyRefunds(
  deps: DailyRefundDeps,
  day: string,
): Promise<{ day: string; members: number; total: string }> {
  const { lossPercent, minRefund } = await deps.settings.get('refundRates');
  const points = basisPoints(lossPercent);
  const minimum = toMinor(minRefund);
  const now = deps.clock.now();
  await deps.db
    .insert(refundRuns)
    .values({ day, basisPoints: points, minRefund: minimum, startedAt: now })
    .onConflictDoNothing();
  const losers = (await memberDailyWinLoss(deps.db, { day })).filter((r) => r.winLoss < 0n);
  const facts = await referralFacts(
    deps.db,
    losers.map((r) => r.memberId),
  );
  for (const r of points > 0 ? losers : []) {
    const loss = -r.winLoss;
    const amount = refundOf(loss, points);
    const member = facts.get(r.memberId);
    if (!member || amount <= 0n || amount < minimum) continue;
    await deps.db
      .insert(refunds)
      .values({
        memberId: r.memberId,
        day,
        loss,
        basisPoints: points,
        amount,
        currency: member.currency,
        createdAt: now,
      })
      .onConflictDoNothing();
  }
  const [sums] = await deps.db
    .select({ members: sql<number>`count(*)`.mapWith(Number), total: sql<string>`coalesce(sum(${refunds.amount}), 0)` })
    .from(refunds)
    .where(eq(refunds.day, day));
  await deps.db
    .update(refundRuns)
    .set({ members: sums?.members ?? 0, total: BigInt(sums?.total ?? 0), finishedAt: deps.clock.now() })
    .where(eq(refundRuns.day, day));
  return { day, members: sums?.members ?? 0, total: String(sums?.total ?? 0) };
}
