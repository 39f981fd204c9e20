import type { Breakdown, Dashboard, DayFigures } from '@wallet/contract/admin/reports';
import type { Db } from '../../db/client.ts';
import { bangkokDate, bangkokDayStart } from '../../lib/bangkok-time.ts';
import { newMembersByDay } from '../account/account.api.ts';
import { activeMembersByDay, distinctActiveMembers } from '../auth/auth.api.ts';
import { dailyDepositsByChannel } from '../deposits/deposits.api.ts';
import { dailySettledTransfers } from '../game-transfers/game-transfers.api.ts';
import { dailyPaidWithdrawals } from '../withdrawals/withdrawals.api.ts';
import { queueCounts } from './queue-counts.ts';

const DAY_MS = 86_400_000;
const DASHBOARD_DAYS = 30;

type Totals = Omit<DayFigures, 'day'>;
type ChannelSum = { day: string; channel: string; currency: string; amount: bigint; count: number };
type ProviderSum = { day: string; game: string; direction: string; currency: string; amount: bigint; count: number };

/** Credited deposits by channel and settled transfers by provider, over the days `inDays` keeps. */
function breakdown(
  channels: ChannelSum[],
  providers: ProviderSum[],
  currency: string,
  inDays: (day: string) => boolean,
): Breakdown {
  const byChannel = new Map<string, { amount: bigint; count: number }>();
  for (const c of channels) {
    if (c.currency !== currency || !inDays(c.day)) continue;
    const sum = byChannel.get(c.channel) ?? { amount: 0n, count: 0 };
    byChannel.set(c.channel, { amount: sum.amount + c.amount, count: sum.count + c.count });
  }
  const byGame = new Map<string, { toGame: bigint; fromGame: bigint; count: number }>();
  for (const p of providers) {
    if (p.currency !== currency || !inDays(p.day)) continue;
    const sum = byGame.get(p.game) ?? { toGame: 0n, fromGame: 0n, count: 0 };
    if (p.direction === 'to_game') sum.toGame += p.amount;
    else sum.fromGame += p.amount;
    sum.count += p.count;
    byGame.set(p.game, sum);
  }
  return {
    channels: [...byChannel]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([channel, s]) => ({ channel, amount: String(s.amount), count: s.count })),
    providers: [...byGame]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([game, s]) => ({ game, toGame: String(s.toGame), fromGame: String(s.fromGame), count: s.count })),
  };
}

/**
 * Today and the last 30 Bangkok days as the money really moved: money in is deposits credited to a wallet (by the
 * time they were credited), money out is withdrawals the bank paid (by the time it paid) — a request, its hold, a
 * payout still pending or a rejected request is not money out. Active members over the 30 days are distinct members,
 * not a sum of daily actives. The queues are counted now, by state.
 */
export async function dashboard(deps: { db: Db; now: Date; currency: string }): Promise<Dashboard> {
  const { db, now, currency } = deps;
  const todayStart = bangkokDayStart(now);
  const from = new Date(todayStart.getTime() - (DASHBOARD_DAYS - 1) * DAY_MS);
  const to = new Date(todayStart.getTime() + DAY_MS);
  const [channels, paid, providers, newMembers, active, active30, queues] = await Promise.all([
    dailyDepositsByChannel(db, from, to),
    dailyPaidWithdrawals(db, from, to),
    dailySettledTransfers(db, from, to),
    newMembersByDay(db, from, to),
    activeMembersByDay(db, from, to),
    distinctActiveMembers(db, from, to),
    queueCounts(db),
  ]);
  const money = new Map<string, { deposits: bigint; withdrawals: bigint }>();
  const dayOf = (day: string) => money.get(day) ?? money.set(day, { deposits: 0n, withdrawals: 0n }).get(day)!;
  for (const c of channels) if (c.currency === currency) dayOf(c.day).deposits += c.amount;
  for (const w of paid) if (w.currency === currency) dayOf(w.day).withdrawals += w.amount;
  const days: DayFigures[] = [];
  for (let i = 0; i < DASHBOARD_DAYS; i++) {
    // noon of each Bangkok day names it safely
    const day = bangkokDate(new Date(from.getTime() + i * DAY_MS + DAY_MS / 2));
    const m = money.get(day) ?? { deposits: 0n, withdrawals: 0n };
    days.push({
      day,
      deposits: String(m.deposits),
      withdrawals: String(m.withdrawals),
      net: String(m.deposits - m.withdrawals),
      newMembers: newMembers.get(day) ?? 0,
      activeMembers: active.get(day) ?? 0,
    });
  }
  const today = days[days.length - 1]!;
  const sum = (pick: (d: DayFigures) => string) => days.reduce((acc, d) => acc + BigInt(pick(d)), 0n);
  const totals30: Totals = {
    deposits: String(sum((d) => d.deposits)),
    withdrawals: String(sum((d) => d.withdrawals)),
    net: String(sum((d) => d.net)),
    newMembers: days.reduce((acc, d) => acc + d.newMembers, 0),
    activeMembers: active30,
  };
  return {
    currency,
    today,
    days,
    totals30,
    breakdown: {
      today: breakdown(channels, providers, currency, (day) => day === today.day),
      days30: breakdown(channels, providers, currency, () => true),
    },
    queues,
  };
}
