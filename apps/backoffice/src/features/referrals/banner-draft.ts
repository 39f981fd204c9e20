import type { AdminBanner, BannerInput, BannerPlace } from '@wallet/contract/admin/referral-refunds';

/** The dialog's copy of a banner: the request body (image '' until one is uploaded). */
export type BannerDraft = BannerInput;
export const BANNER_LANGS = ['th', 'la', 'en'] as const;

export const emptyBanner = (place: BannerPlace, sortOrder: number): BannerDraft => ({
  place,
  image: '',
  html: { th: '', la: '', en: '' },
  sortOrder,
  isActive: true,
});

export const bannerDraftOf = ({ id: _id, createdAt: _c, updatedAt: _u, ...input }: AdminBanner): BannerDraft =>
  structuredClone(input);

/** What stops a banner from saving, as keys of `referrals.errors` by field. Lao and English fall back to Thai. */
export function validateBanner(draft: BannerDraft): Partial<Record<'image' | 'html' | 'sortOrder', string>> {
  const errors: Partial<Record<'image' | 'html' | 'sortOrder', string>> = {};
  if (!draft.image) errors.image = 'image';
  if (!draft.html.th.trim()) errors.html = 'thaiRequired';
  else if (Object.values(draft.html).some((html) => html.length > 4000)) errors.html = 'tooLong';
  if (!Number.isInteger(draft.sortOrder) || draft.sortOrder < 0 || draft.sortOrder > 1000) errors.sortOrder = 'order';
  return errors;
}
