import type { WithdrawalRisk } from '@wallet/contract/admin/withdrawals';
import type { Db } from '../../db/client.ts';
import { flagsView, memberRiskFlagsOf, payoutAccountChanges, type AccountApi } from '../account/account.api.ts';
import { recentDeposits } from '../deposits/deposits.api.ts';
import { recentTransfers } from '../game-transfers/game-transfers.api.ts';
import { toMajor } from '../ledger/ledger.api.ts';
import { promotionConditionRunning } from '../promotions/promotions.api.ts';
import { memberWithdrawals } from './withdrawal.repository.ts';

/** The member's latest deposits, game transfers and withdrawals (the queue's column and the approve dialog). */
async function memberActivity(db: Db, memberId: number): Promise<WithdrawalRisk['activity']> {
  const [moves, own, paidIn] = await Promise.all([
    recentTransfers(db, memberId, 5),
    memberWithdrawals(db, memberId, 6),
    recentDeposits(db, memberId, 5),
  ]);
  return {
    recentTransfers: moves.map((t) => ({
      game: t.game,
      direction: t.direction,
      amount: toMajor(t.amount),
      status: t.status,
      createdAt: t.createdAt.toISOString(),
    })),
    recentWithdrawals: own.map((w) => ({
      amount: toMajor(w.amount),
      status: w.status,
      createdAt: w.createdAt.toISOString(),
    })),
    recentDeposits: paidIn.map((d) => ({
      channel: d.channel,
      amount: toMajor(d.amount),
      status: d.status,
      createdAt: d.createdAt.toISOString(),
    })),
  };
}

/**
 * What a person needs before paying a member out: the flag and payout hold (who, when, why), a running promotion
 * condition, the payout-account changes and their cooling period, and the recent money moves.
 */
export async function memberRiskContext(
  db: Db,
  account: Pick<AccountApi, 'payoutAccountCoolingUntil'>,
  memberId: number,
): Promise<Omit<WithdrawalRisk, 'withdrawal'>> {
  const [flags, conditionRunning, coolingUntil, changes, activity] = await Promise.all([
    memberRiskFlagsOf(db, memberId),
    promotionConditionRunning(db, memberId),
    account.payoutAccountCoolingUntil(memberId),
    payoutAccountChanges(db, memberId, 3),
    memberActivity(db, memberId),
  ]);
  return {
    flags: flagsView(flags),
    conditionRunning,
    coolingUntil: coolingUntil?.toISOString() ?? null,
    accountChanges: changes.map((c) => ({ at: c.at.toISOString(), before: c.before, after: c.after })),
    activity,
  };
}
