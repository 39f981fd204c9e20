import type { AppContext } from '../../context.ts';
import { AccountRepository } from './account.repository.ts';
import { PayoutCooling } from './payout-cooling.ts';

// The public face of the account module: members, registration, profile, bank account.
export { accountModule, createAccountModule, type AccountModuleOptions } from './account.routes.ts';
export { PAYOUT_ACCOUNT_CHANGED } from './payout-cooling.ts';

/** What other modules may use of the account module (DESIGN.md §9.1: import only this file). */
export type AccountApi = {
  /** End of the cooling period after a payout-account change, or null (withdrawals allowed). */
  payoutAccountCoolingUntil(memberId: number): Promise<Date | null>;
  /** Throws AppError PAYOUT_ACCOUNT_COOLING (403) while the cooling period runs; withdrawals call it first. */
  assertPayoutAllowed(memberId: number): Promise<void>;
  /** Name, username (phone), currency and join date of the given members (unknown ids are left out). */
  memberCards(ids: number[]): Promise<MemberCard[]>;
};

export type MemberCard = { id: number; name: string; username: string; currency: string; createdAt: Date };

export function createAccountApi(ctx: Pick<AppContext, 'db' | 'settings' | 'clock'>): AccountApi {
  const cooling = new PayoutCooling({ repo: new AccountRepository(ctx.db), settings: ctx.settings, clock: ctx.clock });
  return {
    payoutAccountCoolingUntil: (memberId) => cooling.until(memberId),
    assertPayoutAllowed: (memberId) => cooling.assertPayoutAllowed(memberId),
    memberCards: (ids) => new AccountRepository(ctx.db).memberCards(ids),
  };
}
