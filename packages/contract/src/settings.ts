import { z } from 'zod';
import { ContactSchema, DepositLookupSchema, InfoSchema } from './lookup.ts';

/**
 * The operator settings (docs/design.md §9, settings store): one schema per key. The server parses every value on write
 * (a bad one is refused with KEY_INVALID) and on read (a row that no longer parses is a loud error, never a wrong
 * value). A key with a `.default()` reads as its default until an operator sets it; the others are seeded.
 */

/** The operator's text in Lao or English; anything missing falls back to the Thai settings. */
const LocalizedContentSchema = z.object({
  agreements: z.array(z.string()).optional(),
  conditions: z.array(z.string()).optional(),
  contactText: z.string().optional(),
  notice: z.string().optional(),
  /** how-to clips recorded in this language */
  videos: InfoSchema.shape.videos.optional(),
});
export type LocalizedContent = z.infer<typeof LocalizedContentSchema>;
export type ContentTranslations = { la?: LocalizedContent; en?: LocalizedContent };

const HHMM = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:mm');
/** whole baht (or kip) amounts an operator types */
const majorAmount = z.number().int().nonnegative().max(1e9);
/** a percentage with up to two decimals, 0–100 */
const percent = z
  .number()
  .min(0)
  .max(100)
  .refine((v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-9, {
    message: 'at most two decimals',
  });

export const SETTINGS = {
  /** `terminated` answers every /api call with 410 gone */
  siteStatus: z.enum(['active', 'terminated']).default('active'),
  registerOTP: z.boolean().default(true),
  enableChatWidget: z.boolean().default(true),
  /** bounds of one withdrawal, whole baht */
  withdrawLimits: z
    .object({
      withdrawMin: majorAmount,
      withdrawMax: majorAmount.positive(),
      /** withdrawals a member may request per Bangkok day (rejected ones do not count) */
      perDayCount: z.number().int().min(1).max(10_000).default(10),
      /** their total per Bangkok day, whole baht */
      perDayAmount: majorAmount.positive().default(500_000),
    })
    .refine((v) => v.withdrawMin <= v.withdrawMax, { message: 'withdrawMin above withdrawMax' })
    .default({ withdrawMin: 100, withdrawMax: 50_000, perDayCount: 10, perDayAmount: 500_000 }),
  /**
   * Auto-approve ("auto withdraw"): a withdrawal of at most `maxAmount` whole baht by a member who is neither
   * flagged nor on a payout hold goes straight to payout without an operator. Off by default.
   */
  withdrawAutoApprove: z
    .object({ enabled: z.boolean(), maxAmount: majorAmount })
    .default({ enabled: false, maxAmount: 1_000 }),
  /** hours withdrawals stay blocked after the member changes the payout bank account (ASVS 7.5.1) */
  payoutCoolingHours: z
    .number()
    .int()
    .min(0)
    .max(24 * 30)
    .default(24),
  /**
   * LINE alerts to the operators' LINE group (docs/decisions/0041-line-notifications.md): a payout that failed, and a
   * withdrawal above `largeWithdrawalAbove` whole baht waiting for review. An empty `groupId` sends nothing.
   */
  lineOperatorAlerts: z
    .object({ groupId: z.string().regex(/^(C[0-9a-f]{32})?$/), largeWithdrawalAbove: majorAmount })
    .default({ groupId: '', largeWithdrawalAbove: 50_000 }),
  /** hours an operator's enrolment link (and the authenticator QR behind it) stays usable (docs/decisions/0023) */
  operatorEnrolmentHours: z
    .number()
    .int()
    .min(1)
    .max(24 * 7)
    .default(24),
  /** a balance adjustment larger than this (whole baht, either sign) waits for a second operator's approval */
  adjustmentApprovalAbove: majorAmount.default(5_000),
  /** the largest manual transfer notice an operator may confirm, whole baht (more is refused: MANUAL_DEPOSIT_CAP) */
  manualDepositCap: majorAmount.default(50_000),
  /** the largest QR deposit of a baht wallet, whole baht (more is refused: DEPOSIT_MAXIMUM; a kip wallet's is in kipAmounts) */
  maxQrDeposit: majorAmount.positive().default(200_000),
  /** smallest deposit credited, whole baht (a kip wallet's is in kipAmounts) */
  minDeposit: majorAmount.default(1),
  /** the deposit screen's quick amounts of a baht wallet, whole baht (a QR channel shows those at or above its minimum) */
  bahtQuickAmounts: z.array(majorAmount.positive()).min(1).max(8).default([10, 20, 50, 100, 300, 500, 1_000]),
  /**
   * The amounts of a kip (LAK) wallet, whole kip: what minDeposit, bahtQuickAmounts, withdrawLimits (bounds and daily
   * total) and manualDepositCap are for a baht wallet (docs/money-rules.md; the Lao variant's LAK members).
   */
  kipAmounts: z
    .object({
      minDeposit: majorAmount,
      quickAmounts: z.array(majorAmount.positive()).min(1).max(8),
      withdrawMin: majorAmount,
      withdrawMax: majorAmount.positive(),
      perDayAmount: majorAmount.positive(),
      manualDepositCap: majorAmount,
      // a value stored before this field existed reads the default
      maxQrDeposit: majorAmount.positive().default(600_000_000),
    })
    .refine((v) => v.withdrawMin <= v.withdrawMax, { message: 'withdrawMin above withdrawMax' })
    .default({
      minDeposit: 20_000,
      quickAmounts: [50_000, 100_000, 200_000, 500_000, 1_000_000],
      withdrawMin: 50_000,
      withdrawMax: 30_000_000,
      perDayAmount: 300_000_000,
      manualDepositCap: 30_000_000,
      maxQrDeposit: 600_000_000,
    }),
  /** slip upload closes daily from closeFrom to closeTo (Asia/Bangkok); a slip older than maxAgeMinutes is refused */
  slipWindow: z
    .object({
      closeFrom: HHMM,
      closeTo: HHMM,
      maxAgeMinutes: z
        .number()
        .int()
        .min(1)
        .max(24 * 60),
    })
    .default({ closeFrom: '23:50', closeTo: '00:10', maxAgeMinutes: 60 }),
  /** money a provider reports for a QR that had expired or was cancelled: credited, or held for an operator */
  lateQrPayment: z.enum(['credit', 'review']).default('credit'),
  /** the receiving bank accounts and wallets shown on the deposit screen (seeded per variant) */
  deposit: DepositLookupSchema.omit({ minDeposit: true, byCurrency: true }),
  info: InfoSchema,
  contact: ContactSchema,
  agreements: z.array(z.string()),
  conditions: z.array(z.string()),
  notice: z.string(),
  /** the Lao and English forms of agreements, conditions, contact text, notice and how-to videos (Thai is the base) */
  contentTranslations: z
    .object({ la: LocalizedContentSchema.optional(), en: LocalizedContentSchema.optional() })
    .default({}),
  /** prefix of the chat rooms (`prefix-userId`) */
  chatPrefix: z
    .string()
    .regex(/^[a-z0-9_-]{1,32}$/)
    .default('wallet'),
  /**
   * Abuse limits of the chat widget's guests, per client address (shared by every server process through Redis):
   * new guest ids minted and guest messages sent per window, and guest conversations left open at once.
   */
  chatGuestLimits: z
    .object({
      newIdsPerAddress: z.number().int().min(1).max(100_000),
      newIdsWindowMinutes: z
        .number()
        .int()
        .min(1)
        .max(24 * 60),
      messagesPerAddress: z.number().int().min(1).max(100_000),
      messagesWindowMinutes: z
        .number()
        .int()
        .min(1)
        .max(24 * 60),
      /** unresolved guest conversations one address may hold (signing in or support resolving one frees a place) */
      openConversationsPerAddress: z.number().int().min(1).max(10_000),
    })
    .default({
      newIdsPerAddress: 10,
      newIdsWindowMinutes: 10,
      messagesPerAddress: 30,
      messagesWindowMinutes: 1,
      openConversationsPerAddress: 3,
    }),
  /** promotion-code look-ups (find and activate) per member and per client address in one window */
  promotionCodeLimits: z
    .object({
      perMember: z.number().int().min(1).max(100_000),
      perAddress: z.number().int().min(1).max(100_000),
      windowMinutes: z
        .number()
        .int()
        .min(1)
        .max(24 * 60),
    })
    .default({ perMember: 10, perAddress: 30, windowMinutes: 10 }),
  /** rates of the modules still to come (docs/design.md §9.6–9.7): typed now, defaulted to "off" */
  bonusRates: z
    .object({
      /** bonus paid on a qualifying deposit, % of the deposit */
      depositPercent: percent,
      /** turnover a bonus needs before it can be withdrawn, × (bonus + deposit) */
      turnoverMultiplier: z.number().min(0).max(100),
      /** cap of one bonus, whole baht (0 = no bonus) */
      maxBonus: majorAmount,
    })
    .default({ depositPercent: 0, turnoverMultiplier: 0, maxBonus: 0 }),
  wheelRates: z
    .object({
      /** spin coins earned per 100 baht deposited */
      coinsPerHundred: z.number().int().min(0).max(1000),
      /** the most coins one credited deposit earns, whatever its amount */
      maxCoinsPerDeposit: z.number().int().min(0).max(100_000).default(100),
    })
    .default({ coinsPerHundred: 1, maxCoinsPerDeposit: 100 }),
  refundRates: z
    .object({
      /** daily loss refund, % of yesterday's net loss */
      lossPercent: percent,
      /** smallest refund paid, whole baht */
      minRefund: majorAmount,
      /** the credit condition adding the refund to the wallet starts: total balance reaches this % of the refund */
      successPercent: z.number().int().min(0).max(10_000).default(200),
      /** …or falls below this % of it (the fail rule) */
      failPercent: percent.default(10),
    })
    .default({ lossPercent: 0, minRefund: 0, successPercent: 200, failPercent: 10 }),
  referralRates: z
    .object({
      /** commission on each invitee's credited deposit, % */
      depositPercent: percent,
      /** receiving the invite bonus starts a credit condition: total balance reaches this % of the bonus */
      successPercent: z.number().int().min(0).max(10_000).default(200),
      /** …or falls below this % of it (the fail rule) */
      failPercent: percent.default(10),
    })
    .default({ depositPercent: 0, successPercent: 200, failPercent: 10 }),
  /**
   * Self-referral signals: an inviter and invitee who signed in from one address (IP, whatever the browser) within
   * this many hours of each other are flagged; their commissions wait for an operator's review. 0 turns it off.
   */
  selfReferralSignals: z
    .object({
      sharedAddressHours: z
        .number()
        .int()
        .min(0)
        .max(24 * 90),
    })
    .default({ sharedAddressHours: 72 }),
} as const satisfies Record<string, z.ZodType>;

export type SettingKey = keyof typeof SETTINGS;
/** The value a key holds once parsed. */
export type SettingValue<K extends SettingKey> = z.output<(typeof SETTINGS)[K]>;
/** What may be written to a key (defaults fill nothing in on write: the whole value is given). */
export type SettingInput<K extends SettingKey> = z.input<(typeof SETTINGS)[K]>;
export type SettingValues = { [K in SettingKey]: SettingValue<K> };

export const SETTING_KEYS = Object.keys(SETTINGS) as SettingKey[];

export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(SETTINGS, key);
}

/** The keys that read as their default until written. */
export function hasDefault(key: SettingKey): boolean {
  return SETTINGS[key].safeParse(undefined).success;
}
