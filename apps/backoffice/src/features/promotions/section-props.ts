import type { DraftErrors, PromotionDraft } from './promotion-draft.ts';

/** What every section of the editor takes: the draft, a patcher, and the last check's errors. */
export type SectionProps = {
  draft: PromotionDraft;
  set: (patch: Partial<PromotionDraft>) => void;
  errors: DraftErrors;
};
