import { maskAccountNo, type SearchHits } from '@wallet/contract/admin/member360';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { memberRecord, searchMembers } from '../account/account.api.ts';
import { findDeposits } from '../deposits/deposits.api.ts';
import { toMajor } from '../ledger/ledger.api.ts';
import { findWithdrawals } from '../withdrawals/withdrawals.api.ts';

/**
 * The top bar's one search (docs/decisions/0034-member-360-and-exports.md): members for every role that may open
 * the member page; withdrawals and deposits (exact id or reference only, never a prefix to walk) for finance only.
 * At most `SEARCH_RULE.limit` searches a minute per operator.
 */
export const SEARCH_RULE = { limit: 30, windowMs: 60_000 };
const MEMBERS_SHOWN = 8;
const ROWS_SHOWN = 5;

export async function globalSearch(
  deps: { db: Db; limiter: RateLimiter },
  operator: { id: number; roles: readonly string[] },
  q: string,
): Promise<SearchHits> {
  const { db, limiter } = deps;
  const hit = await limiter.hit('admin-search', String(operator.id), SEARCH_RULE);
  if (!hit.isAllowed) throw new AppError('REQUEST_LIMIT');
  const term = q.trim();
  const found = await searchMembers(db, { q: term, page: 1, pageSize: MEMBERS_SHOWN });
  const members = found.rows.map((m) => ({
    id: m.id,
    name: m.name,
    username: m.username,
    bankAccount: maskAccountNo(m.bankAccountNo),
    status: m.status,
  }));
  if (!operator.roles.includes('finance')) return { members, withdrawals: [], deposits: [] };
  const [withdrawals, deposits] = await Promise.all([
    findWithdrawals(db, term, ROWS_SHOWN),
    findDeposits(db, term, ROWS_SHOWN),
  ]);
  const names = new Map<number, string>();
  for (const id of new Set([...withdrawals, ...deposits].map((r) => r.memberId))) {
    names.set(id, (await memberRecord(db, id))?.name ?? '');
  }
  return {
    members,
    withdrawals: withdrawals.map((w) => ({
      id: w.id,
      memberId: w.memberId,
      memberName: names.get(w.memberId) ?? '',
      amount: toMajor(w.amount),
      status: w.status,
      createdAt: w.createdAt.toISOString(),
    })),
    deposits: deposits.map((d) => ({
      id: d.id,
      channel: d.channel,
      reference: d.reference,
      memberId: d.memberId,
      memberName: names.get(d.memberId) ?? '',
      amount: toMajor(d.amount),
      status: d.status,
      createdAt: d.createdAt.toISOString(),
    })),
  };
}
