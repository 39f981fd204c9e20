import type { MemberDetail } from '@wallet/contract/admin/members';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { flagsView, memberRecord, memberRiskFlagsOf, memberSummary } from '../account/account.api.ts';
import { auditRowsFor } from '../audit/audit.api.ts';
import { memberSessionHistory, SESSION_ID_SHOWN } from '../auth/auth.api.ts';
import { listGameAccounts } from '../game-accounts/game-accounts.api.ts';
import { COIN_UNIT, memberCoins, memberInvite, memberWallet } from '../ledger/ledger.api.ts';
import type { LedgerService } from '../ledger/ledger.api.ts';

const SESSIONS_SHOWN = 50;
const AUDIT_SHOWN = 100;

/** The member page's read model, assembled from each module's public API. */
export async function memberDetail(
  deps: { db: Db; ledger: LedgerService; now: Date },
  memberId: number,
): Promise<MemberDetail> {
  const { db, ledger, now } = deps;
  const member = await memberRecord(db, memberId);
  if (!member) throw new AppError('NOT_FOUND');
  const [flags, balances, coins, games, sessions, audit] = await Promise.all([
    memberRiskFlagsOf(db, memberId),
    ledger.balances([memberWallet(memberId), memberInvite(memberId)], member.currency),
    ledger.balance(memberCoins(memberId), COIN_UNIT),
    listGameAccounts(db, memberId),
    memberSessionHistory(db, memberId, SESSIONS_SHOWN),
    auditRowsFor(db, `member:${memberId}`, AUDIT_SHOWN),
  ]);
  return {
    member: memberSummary(member),
    flags: flagsView(flags),
    balances: {
      wallet: String(balances.get(memberWallet(memberId)) ?? 0n),
      invite: String(balances.get(memberInvite(memberId)) ?? 0n),
      coins: Number(coins),
      games: games.map((g) => ({
        game: g.game,
        username: g.username,
        balance: String(g.balance),
        updatedAt: g.balanceUpdatedAt?.toISOString() ?? g.createdAt.toISOString(),
      })),
    },
    sessions: sessions.map((s) => ({
      id: s.id.slice(0, SESSION_ID_SHOWN),
      createdAt: s.createdAt.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
      revokedAt: s.revokedAt?.toISOString() ?? null,
      live: s.revokedAt === null && s.expiresAt > now && member.status === 'active',
      ip: s.ip,
      userAgent: s.userAgent,
    })),
    audit: audit.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      operatorId: row.operatorId,
      operator: row.operator,
      action: row.action,
      target: row.target,
      before: row.before,
      after: row.after,
      ip: row.ip,
      hash: row.hash,
    })),
    // the deposits and withdrawals modules expose no per-member list yet: an empty, clearly unavailable section
    deposits: { available: false, rows: [] },
    withdrawals: { available: false, rows: [] },
  };
}
