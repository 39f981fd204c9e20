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
  /** The member's registered bank account (deposit slips must come from it), or null for no such member. */
  registeredBankAccount(
    memberId: number,
  ): Promise<{ bankCode: string; bankAccountNo: string; bankAccountName: string } | null>;
};

export function createAccountApi(ctx: Pick<AppContext, 'db' | 'settings' | 'clock'>): AccountApi {
  const repo = new AccountRepository(ctx.db);
  const cooling = new PayoutCooling({ repo, settings: ctx.settings, clock: ctx.clock });
  return {
    registeredBankAccount: async (memberId) => {
      const row = await repo.profile(memberId);
      return row
        ? { bankCode: row.bankCode, bankAccountNo: row.bankAccountNo, bankAccountName: row.bankAccountName }
        : null;
    },
    payoutAccountCoolingUntil: (memberId) => cooling.until(memberId),
    assertPayoutAllowed: (memberId) => cooling.assertPayoutAllowed(memberId),
  };
}
