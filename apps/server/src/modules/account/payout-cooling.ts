import type { Clock } from '../../clock.ts';
import { AppError } from '../../errors.ts';
import type { SettingsService } from '../settings/settings.api.ts';
import type { AccountRepository } from './account.repository.ts';

/** The security event a payout-account change writes (and the cooling period reads). */
export const PAYOUT_ACCOUNT_CHANGED = 'payout-account-changed';

export type PayoutCoolingDeps = { repo: AccountRepository; settings: SettingsService; clock: Clock };

/**
 * After a change of the payout bank account, withdrawals wait `payoutCoolingHours` (default 24): a stolen session
 * that redirected payouts cannot cash out before the member notices the SMS (ASVS 7.5.1).
 */
export class PayoutCooling {
  constructor(private readonly deps: PayoutCoolingDeps) {}

  /** The end of the cooling period, or null when withdrawals are allowed. */
  async until(memberId: number): Promise<Date | null> {
    return this.untilAfter(await this.deps.repo.lastSecurityEvent(memberId, PAYOUT_ACCOUNT_CHANGED));
  }

  /** `until` for a payout account last changed at `changedAt` (read by the caller). */
  async untilAfter(changedAt: Date | undefined): Promise<Date | null> {
    if (!changedAt) return null;
    const hours = await this.deps.settings.get('payoutCoolingHours');
    const until = new Date(changedAt.getTime() + hours * 3600_000);
    return until > this.deps.clock.now() ? until : null;
  }

  /** For the withdrawals module: refuse with PAYOUT_ACCOUNT_COOLING while the period runs. */
  async assertPayoutAllowed(memberId: number): Promise<void> {
    if ((await this.until(memberId)) !== null) throw new AppError('PAYOUT_ACCOUNT_COOLING');
  }
}
