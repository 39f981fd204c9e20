import type { AdminDepositStatus } from '@wallet/contract/admin/deposits';
import type { AppContext } from '../../context.ts';
import { createAccountApi, type MemberCard } from '../account/account.api.ts';
import { operatorUsernames } from '../auth/auth.api.ts';
import { recentDeposits } from '../deposits/deposits.api.ts';
import { LedgerService, memberWallet, toMajor } from '../ledger/ledger.api.ts';
import { promotionConditionRunning } from '../promotions/promotions.api.ts';
import { memberWithdrawals } from '../withdrawals/withdrawals.api.ts';
import type { ChatTeamService } from './chat-team.service.ts';
import { summaryOf, type ConversationRow } from './chat-presenters.ts';

/** deposits and withdrawals listed beside a member's conversation (each) */
const MEMBER_MOVES = 5;

/** What the console reads beside the chat rows: member names, labels, the member card, message authors. */
export function chatReadModels(ctx: AppContext, team: ChatTeamService) {
  const accounts = createAccountApi(ctx);
  const ledger = new LedgerService(ctx.db);

  async function names(memberIds: (number | null)[]) {
    const ids = [...new Set(memberIds.filter((id): id is number => id !== null))];
    const cards = await accounts.memberCards(ids);
    return new Map(cards.map((c) => [c.id, c]));
  }

  /** Inbox rows with the member names and labels (one query each for the whole list). */
  async function summaries(rows: ConversationRow[]) {
    const [byId, labels] = await Promise.all([
      names(rows.map((r) => r.memberId)),
      team.labelsOf(rows.map((r) => r.id)),
    ]);
    return rows.map((r) => summaryOf(r, byId, labels));
  }

  async function summary(row: ConversationRow) {
    const [one] = await summaries([row]);
    return one!;
  }

  /** What the console shows beside a member's conversation: wallet, latest deposits and withdrawals, a condition. */
  async function memberBeside(card: MemberCard) {
    const [balance, deposits, withdrawals, conditionRunning] = await Promise.all([
      ledger.balance(memberWallet(card.id), card.currency).catch(() => null),
      recentDeposits(ctx.db, card.id, MEMBER_MOVES),
      memberWithdrawals(ctx.db, card.id, MEMBER_MOVES),
      promotionConditionRunning(ctx.db, card.id),
    ]);
    return {
      ...card,
      createdAt: card.createdAt.toISOString(),
      balance: balance === null ? null : String(balance),
      deposits: deposits.map((d) => ({
        id: d.id,
        channel: d.channel,
        amount: toMajor(d.amount),
        currency: d.currency,
        status: d.status as AdminDepositStatus, // credited, review or rejected (the table's check)
        createdAt: d.createdAt.toISOString(),
      })),
      withdrawals: withdrawals.map((w) => ({
        id: w.id,
        amount: w.amount,
        currency: w.currency,
        status: w.status,
        createdAt: w.createdAt,
      })),
      conditionRunning,
    };
  }

  const authors = (rows: { operatorId: number | null }[]) =>
    operatorUsernames(ctx.db, [...new Set(rows.map((r) => r.operatorId).filter((id): id is number => id !== null))]);

  return { names, summaries, summary, memberBeside, authors };
}
export type ChatReadModels = ReturnType<typeof chatReadModels>;
