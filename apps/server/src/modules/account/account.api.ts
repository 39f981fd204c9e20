import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { AccountRepository, type PayoutDestinationSql } from './account.repository.ts';

export { ensureMember, sessionMembers } from './account.repository.ts';
import { PAYOUT_ACCOUNT_CHANGED, PayoutCooling } from './payout-cooling.ts';

// The public face of the account module: members, registration, profile, bank account (what other modules may
// call; the routes are wired by account.module.ts, docs/decisions/0028-module-seams.md).

/** What other modules may use of the account module (docs/design.md §9.1: import only this file). */
export type AccountApi = {
  /** End of the cooling period after a payout-account change, or null (withdrawals allowed). */
  payoutAccountCoolingUntil(memberId: number): Promise<Date | null>;
  /** Throws AppError PAYOUT_ACCOUNT_COOLING (403) while the cooling period runs; withdrawals call it first. */
  assertPayoutAllowed(memberId: number): Promise<void>;
  /** The member's registered payout account (withdrawals copy it at request time), or null for no such member. */
  payoutAccount(memberId: number): Promise<PayoutAccount | null>;
  /**
   * `assertPayoutAllowed`, then `payoutAccount`, in one query (a withdrawal request reads both, in its transaction
   * `tx` after the member's money lock): throws PAYOUT_ACCOUNT_COOLING while the cooling period runs, null for no
   * such member.
   */
  payoutDestination(memberId: number, tx?: Tx): Promise<PayoutAccount | null>;
  /**
   * `payoutDestination` as SQL for a one-trip withdrawal request (docs/decisions/0051-one-round-trip-money-moves.md):
   * `missing` (NO_BANK), `cooling` (PAYOUT_ACCOUNT_COOLING, the period computed now) and the columns to copy.
   */
  payoutDestinationSql(memberId: number): Promise<PayoutDestinationSql>;
  /** Name and username (phone) of members, for the back-office queues. */
  memberSummaries(memberIds: number[]): Promise<Map<number, { name: string; username: string }>>;
  /** Name, username (phone), currency and join date of the given members (unknown ids are left out). */
  memberCards(ids: number[]): Promise<MemberCard[]>;
};

type PayoutAccount = { bankCode: string; bankAccountNo: string; bankAccountName: string };

export type MemberCard = { id: number; name: string; username: string; currency: string; createdAt: Date };

export function createAccountApi(ctx: Pick<AppContext, 'db' | 'settings' | 'clock'>): AccountApi {
  const repo = new AccountRepository(ctx.db);
  const cooling = new PayoutCooling({ repo, settings: ctx.settings, clock: ctx.clock });
  return {
    payoutAccount: async (memberId) => (await repo.payoutAccount(memberId)) ?? null,
    payoutDestination: async (memberId, tx) => {
      const found = await repo.payoutAccountAndLast(memberId, PAYOUT_ACCOUNT_CHANGED, tx);
      if (!found) return null;
      if ((await cooling.untilAfter(found.last)) !== null) throw new AppError('PAYOUT_ACCOUNT_COOLING');
      return found.account;
    },
    payoutDestinationSql: async (memberId) => {
      const hours = await ctx.settings.get('payoutCoolingHours');
      const since = new Date(ctx.clock.now().getTime() - hours * 3600_000);
      return repo.payoutDestinationSql(memberId, PAYOUT_ACCOUNT_CHANGED, since);
    },
    memberSummaries: (memberIds) => repo.summaries(memberIds),
    payoutAccountCoolingUntil: (memberId) => cooling.until(memberId),
    assertPayoutAllowed: (memberId) => cooling.assertPayoutAllowed(memberId),
    memberCards: (ids) => new AccountRepository(ctx.db).memberCards(ids),
  };
}

// Operator risk marks: withdrawals' auto-approve asks `memberPayoutFlags`, every payout step `payoutHeldLocked`; the
// back office sets them.
export { memberPayoutFlags, memberRiskFlagsOf, payoutHeldLocked } from './member-flags.ts';
// the withdrawals queue reads a page's flags at once
export { payoutFlagsOf } from './payout-flags-batch.ts';
export { memberRecord, newMembersByDay, payoutAccountChanges, searchMembers } from './member-admin.ts';
export { flagsView, memberSummary } from './member-views.ts';
// The deposits module asks who else a slip's masked sender account could be (slip sender rules).
export { membersByMaskedAccount } from './masked-accounts.ts';
// The money lists' member filter (withdrawals, deposits, the withdrawals export).
export { memberIdsMatching } from './member-filter.ts';
// The auth module's passkeys: the member behind a phone, the step-up's password hash, their security events
// (docs/decisions/0040-passkeys.md).
export { passkeyMember, recordSecurityEvent } from './passkey-facts.ts';
// The referral module compares invitee and inviter (self-referral) and names invitees.
export { memberIdByUsername, referralFacts, type ReferralFacts } from './referral-facts.ts';
// The member 360 page's linked members (docs/decisions/0034-member-360-and-exports.md).
export { membersWithSameBankAccount } from './bank-account-links.ts';
