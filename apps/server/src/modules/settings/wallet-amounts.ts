import type { SettingsService } from './settings.service.ts';

/** The money amounts of a wallet in its own currency, whole baht or whole kip (docs/money-rules.md). */
export type WalletAmounts = {
  minDeposit: number;
  quickAmounts: number[];
  withdrawMin: number;
  withdrawMax: number;
  perDayCount: number;
  perDayAmount: number;
  manualDepositCap: number;
  maxQrDeposit: number;
};

/**
 * A kip (LAK) wallet reads the `kipAmounts` setting; a baht wallet (THB, the Lao variant's BAHT members included) reads
 * minDeposit, bahtQuickAmounts, withdrawLimits and manualDepositCap. The daily count is the same for both.
 */
export async function walletAmounts(settings: SettingsService, currency: string): Promise<WalletAmounts> {
  const withdrawLimits = await settings.get('withdrawLimits');
  if (currency === 'LAK') {
    const kip = await settings.get('kipAmounts');
    return { ...kip, perDayCount: withdrawLimits.perDayCount };
  }
  const [minDeposit, quickAmounts, manualDepositCap, maxQrDeposit] = await Promise.all([
    settings.get('minDeposit'),
    settings.get('bahtQuickAmounts'),
    settings.get('manualDepositCap'),
    settings.get('maxQrDeposit'),
  ]);
  return { ...withdrawLimits, minDeposit, quickAmounts, manualDepositCap, maxQrDeposit };
}
