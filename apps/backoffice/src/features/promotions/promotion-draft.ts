import { PromotionInputSchema, type AdminPromotion, type PromotionInput } from '@wallet/contract/admin/promotions';

/** The editor's copy of a promotion: the request body the save sends (numbers may be NaN while a field is empty). */
export type PromotionDraft = PromotionInput;
export const LANGS = ['th', 'la', 'en'] as const;
export type Lang = (typeof LANGS)[number];

export const emptyPromotion = (): PromotionDraft => ({
  kind: 'bonus',
  code: '',
  name: { th: '', la: '', en: '' },
  description: { th: '', la: '', en: '' },
  type: 'limit',
  maxReceived: 1,
  percent: 10,
  minDeposit: 100,
  maxAmount: 500,
  successRule: 'turnover',
  turnoverMultiple: 5,
  successPercent: 0,
  percentFail: 10,
  maxWithdrawMultiple: null,
  maxBet: null,
  maxBalanceAtClaim: 5,
  isActive: false,
  startsAt: null,
  endsAt: null,
  banners: [],
});

export const draftOf = (promotion: AdminPromotion): PromotionDraft => {
  const { id: _id, claims: _claims, createdAt: _c, updatedAt: _u, ...input } = promotion;
  return structuredClone(input);
};

/** A field's problem, as a key of the `promotions` namespace's `errors` (with its values). */
export type FieldError = { key: string; values?: Record<string, number> };
export type DraftErrors = Partial<Record<string, FieldError>>;

const TWO_DECIMALS = /^\d+(\.\d{1,2})?$/;
const isMoney = (n: number) => Number.isFinite(n) && n >= 0 && TWO_DECIMALS.test(String(n));

/**
 * Check a draft before it is sent, field by field, with messages an operator can act on (keys under `errors.*`);
 * the contract's schema (which the server applies too) is the last word: anything it still refuses lands on `form`.
 */
export function validatePromotion(draft: PromotionDraft): DraftErrors {
  const errors: DraftErrors = {};
  const range = (field: keyof PromotionDraft, value: number, min: number, max: number) => {
    if (!Number.isFinite(value)) errors[field] = { key: 'required' };
    else if (value < min || value > max) errors[field] = { key: 'range', values: { min, max } };
  };
  if (!/^[A-Z0-9_-]{2,32}$/.test(draft.code)) errors.code = { key: 'code' };
  for (const lang of LANGS) {
    if (!draft.name[lang].trim()) errors[`name.${lang}`] = { key: 'required' };
    if (!draft.description[lang].trim()) errors[`description.${lang}`] = { key: 'required' };
  }
  if (!Number.isInteger(draft.maxReceived)) errors.maxReceived = { key: 'whole' };
  else range('maxReceived', draft.maxReceived, 1, 10_000);
  range('percent', draft.percent, 0, 1000);
  if (!isMoney(draft.minDeposit)) errors.minDeposit = { key: 'money' };
  if (!isMoney(draft.maxAmount) || draft.maxAmount <= 0) errors.maxAmount = { key: 'positive' };
  range('percentFail', draft.percentFail, 0, 100);
  if (draft.successRule === 'turnover') {
    range('turnoverMultiple', draft.turnoverMultiple, 0, 100);
    if (!errors.turnoverMultiple && draft.turnoverMultiple <= 0) errors.turnoverMultiple = { key: 'turnoverNeeded' };
  } else {
    range('successPercent', draft.successPercent, 0, 1000);
    if (!errors.successPercent && !errors.percentFail && draft.successPercent <= draft.percentFail) {
      errors.successPercent = { key: 'successAboveFail' };
    }
  }
  if (draft.maxWithdrawMultiple !== null) range('maxWithdrawMultiple', draft.maxWithdrawMultiple, 0, 1000);
  if (draft.maxBet !== null && !isMoney(draft.maxBet)) errors.maxBet = { key: 'money' };
  if (draft.maxBalanceAtClaim !== null && !isMoney(draft.maxBalanceAtClaim))
    errors.maxBalanceAtClaim = { key: 'money' };
  if (draft.startsAt && draft.endsAt && Date.parse(draft.startsAt) >= Date.parse(draft.endsAt)) {
    errors.endsAt = { key: 'scheduleOrder' };
  }
  draft.banners.forEach((banner, i) => {
    if (!banner.image) errors[`banners.${i}`] = { key: 'bannerImage' };
  });
  if (Object.keys(errors).length === 0 && !PromotionInputSchema.safeParse(draft).success) {
    errors.form = { key: 'invalid' };
  }
  return errors;
}

/** The languages whose name or description has an error (their tabs are marked). */
export const languagesWithErrors = (errors: DraftErrors): Lang[] =>
  LANGS.filter((lang) => errors[`name.${lang}`] || errors[`description.${lang}`]);

export type PromotionState = 'live' | 'scheduled' | 'ended' | 'off';

/** Where a promotion stands now: switched off, waiting for its start, past its end, or live. */
export function promotionState(
  p: Pick<PromotionInput, 'isActive' | 'startsAt' | 'endsAt'>,
  now: number,
): PromotionState {
  if (!p.isActive) return 'off';
  if (p.startsAt && Date.parse(p.startsAt) > now) return 'scheduled';
  if (p.endsAt && Date.parse(p.endsAt) <= now) return 'ended';
  return 'live';
}

/** A number input's text → the draft's number (NaN while empty, so the check can say "required"). */
export const numberOf = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));
/** A nullable cap's text → null while empty (no cap). */
export const capOf = (text: string): number | null => (text.trim() === '' ? null : Number(text));
