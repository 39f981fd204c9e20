import type { SettingGroup, SettingUnit } from '@wallet/contract/admin/settings';
import type { SettingKey } from '@wallet/contract/settings';

type Descriptor = { group: SettingGroup; units?: Record<string, SettingUnit> };

/**
 * What each setting governs and the unit of each of its numbers (path in the value, '' for the value itself): the
 * console groups and labels the settings page from this (docs/decisions/0035-chat-team-and-api-client.md). A
 * Record over every key: a new setting does not compile until it is given a group, so nothing lands under "other".
 * The money rules each key tunes are in docs/money-rules.md.
 */
export const SETTING_DESCRIPTORS: Record<SettingKey, Descriptor> = {
  minDeposit: { group: 'deposits', units: { '': 'THB' } },
  bahtQuickAmounts: { group: 'deposits', units: { '': 'THB' } },
  maxQrDeposit: { group: 'deposits', units: { '': 'THB' } },
  kipAmounts: {
    group: 'deposits',
    units: {
      minDeposit: 'LAK',
      quickAmounts: 'LAK',
      withdrawMin: 'LAK',
      withdrawMax: 'LAK',
      perDayAmount: 'LAK',
      manualDepositCap: 'LAK',
      maxQrDeposit: 'LAK',
    },
  },
  slipWindow: { group: 'deposits', units: { maxAgeMinutes: 'minutes' } },
  deposit: { group: 'deposits' },
  lateQrPayment: { group: 'deposits' },
  withdrawLimits: {
    group: 'withdrawals',
    units: { withdrawMin: 'THB', withdrawMax: 'THB', perDayCount: 'count', perDayAmount: 'THB' },
  },
  withdrawAutoApprove: { group: 'withdrawals', units: { maxAmount: 'THB' } },
  payoutCoolingHours: { group: 'withdrawals', units: { '': 'hours' } },
  lineOperatorAlerts: { group: 'withdrawals', units: { largeWithdrawalAbove: 'THB' } },
  adjustmentApprovalAbove: { group: 'fourEyes', units: { '': 'THB' } },
  manualDepositCap: { group: 'fourEyes', units: { '': 'THB' } },
  bonusRates: { group: 'bonuses', units: { depositPercent: 'percent', turnoverMultiplier: 'times', maxBonus: 'THB' } },
  wheelRates: { group: 'bonuses', units: { coinsPerHundred: 'count', maxCoinsPerDeposit: 'count' } },
  refundRates: {
    group: 'bonuses',
    units: { lossPercent: 'percent', minRefund: 'THB', successPercent: 'percent', failPercent: 'percent' },
  },
  referralRates: {
    group: 'bonuses',
    units: { depositPercent: 'percent', successPercent: 'percent', failPercent: 'percent' },
  },
  selfReferralSignals: { group: 'abuse', units: { sharedAddressHours: 'hours' } },
  chatGuestLimits: {
    group: 'abuse',
    units: {
      newIdsPerAddress: 'count',
      newIdsWindowMinutes: 'minutes',
      messagesPerAddress: 'count',
      messagesWindowMinutes: 'minutes',
      openConversationsPerAddress: 'count',
    },
  },
  promotionCodeLimits: { group: 'abuse', units: { perMember: 'count', perAddress: 'count', windowMinutes: 'minutes' } },
  enableChatWidget: { group: 'chat' },
  chatPrefix: { group: 'chat' },
  info: { group: 'content' },
  contact: { group: 'content' },
  notice: { group: 'content' },
  agreements: { group: 'content' },
  conditions: { group: 'content' },
  contentTranslations: { group: 'content' },
  siteStatus: { group: 'site' },
  registerOTP: { group: 'site' },
  operatorEnrolmentHours: { group: 'security', units: { '': 'hours' } },
};
