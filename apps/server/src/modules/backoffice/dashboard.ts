import type { Dashboard, DayFigures } from '@wallet/contract/admin/reports';
import type { Db } from '../../db/client.ts';
import { bangkokDate, bangkokDayStart } from '../../lib/bangkok-time.ts';
import { newMembersByDay } from '../account/account.api.ts';
import { activeMembersByDay } from '../auth/auth.api.ts';
import { countDepositsInReview } from '../deposits/deposits.api.ts';
import { walletFlowsByDay } from '../ledger/ledger.api.ts';
import { countPendingAdjustments } from '../wallet/wallet.api.ts';

const DAY_MS = 86_400_000;
const DASHBOARD_DAYS = 30;

/**
 * Money in and out are read from the ledger, by kind family, whatever module posts them: every kind starting with
 * `deposit` is money in, every kind starting with `withdraw` money out (a reversal, posted back to the wallet,
 * reduces it). Before the deposits and withdrawals modules post anything the figures are zero, not invented.
 */
const isDeposit = (kind: string) => kind.startsWith('deposit');
const isWithdrawal = (kind: string) => kind.startsWith('withdraw');

type Totals = Omit<DayFigures, 'day'>;

export async function dashboard(deps: { db: Db; now: Date; currency: string }): Promise<Dashboard> {
  const { db, now, currency } = deps;
  const todayStart = bangkokDayStart(now);
  const from = new Date(todayStart.getTime() - (DASHBOARD_DAYS - 1) * DAY_MS);
  const to = new Date(todayStart.getTime() + DAY_MS);
  const [flows, newMembers, active, pendingAdjustments, depositsInReview] = await Promise.all([
    walletFlowsByDay(db, from, to),
    newMembersByDay(db, from, to),
    activeMembersByDay(db, from, to),
    countPendingAdjustments(db),
    countDepositsInReview(db),
  ]);
  const money = new Map<string, { deposits: bigint; withdrawals: bigint }>();
  for (const f of flows) {
    if (f.currency !== currency) continue;
    const day = money.get(f.day) ?? { deposits: 0n, withdrawals: 0n };
    if (isDeposit(f.kind)) day.deposits += f.amount;
    else if (isWithdrawal(f.kind)) day.withdrawals -= f.amount;
    money.set(f.day, day);
  }
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
  const sum = (pick: (d: DayFigures) => string) => days.reduce((acc, d) => acc + BigInt(pick(d)), 0n);
  const totals30: Totals = {
    deposits: String(sum((d) => d.deposits)),
    withdrawals: String(sum((d) => d.withdrawals)),
    net: String(sum((d) => d.net)),
    newMembers: days.reduce((acc, d) => acc + d.newMembers, 0),
    // members active on several days count once per day here: a sum of daily actives
    activeMembers: days.reduce((acc, d) => acc + d.activeMembers, 0),
  };
  return {
    currency,
    today: days[days.length - 1]!,
    days,
    totals30,
    pending: [
      { queue: 'adjustments', count: pendingAdjustments },
      // manual transfer notices and late QR money waiting for finance
      { queue: 'deposits', count: depositsInReview },
      // the withdrawals module exposes no queue count yet
      { queue: 'withdrawals', count: null },
    ],
  };
}
