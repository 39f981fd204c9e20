import type { AdminPromotion } from '@wallet/contract/admin/promotions';
import { Button } from '@wallet/ui/button';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BannersSection } from './banners-section.tsx';
import { BasicsSection } from './basics-section.tsx';
import { useErrorText } from './form-bits.tsx';
import { validatePromotion, type DraftErrors, type PromotionDraft } from './promotion-draft.ts';
import { PromotionSummary } from './promotion-summary.tsx';
import { RulesSection } from './rules-section.tsx';
import { TextsSection } from './texts-section.tsx';

export type PromotionFormProps = {
  initial: PromotionDraft;
  /** the stored promotion being edited, null for a new one */
  saved: AdminPromotion | null;
  /** sends the checked draft; a rejection keeps the form as it is (the caller shows the error) */
  onSubmit: (draft: PromotionDraft) => Promise<unknown>;
  onCancel: () => void;
};

/**
 * Create or edit a bonus / promotion code: every field is checked on save (then again as the operator fixes them),
 * with the errors beside their fields and the count at the top; the plain-words summary follows the draft.
 */
export function PromotionForm({ initial, saved, onSubmit, onCancel }: PromotionFormProps) {
  const { t } = useTranslation('promotions');
  const errorText = useErrorText();
  const [draft, setDraft] = useState<PromotionDraft>(initial);
  const [isChecking, setChecking] = useState(false);
  const [isSaving, setSaving] = useState(false);
  const errors: DraftErrors = isChecking ? validatePromotion(draft) : {};
  const count = Object.keys(errors).length;
  const set = (patch: Partial<PromotionDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const isDirty = JSON.stringify(draft) !== JSON.stringify(initial);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSaving) return;
    setChecking(true);
    if (Object.keys(validatePromotion(draft)).length > 0) return;
    setSaving(true);
    try {
      await onSubmit(draft);
    } catch {
      // the caller reported it; the draft stays for another try
    } finally {
      setSaving(false);
    }
  };

  const props = { draft, set, errors };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="promotion-form">
      {count > 0 && (
        <div role="alert" className="mb-4 rounded-2xl bg-danger/10 px-5 py-3 text-sm text-danger ring-1 ring-danger/30">
          <p className="font-semibold">{t('errors.summary', { count })}</p>
          {errors.form && <p className="mt-1">{errorText(errors.form)}</p>}
        </div>
      )}
      <div className="grid gap-5 xl:grid-cols-[minmax(0,1fr)_320px]">
        <div className="flex min-w-0 flex-col gap-5">
          <BasicsSection {...props} />
          <TextsSection {...props} />
          <RulesSection {...props} />
          <BannersSection {...props} />
        </div>
        <div className="xl:sticky xl:top-22 xl:self-start">
          <PromotionSummary draft={draft} saved={saved} />
        </div>
      </div>
      <footer className="sticky bottom-0 z-10 mt-5 flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-bg-raised/95 px-5 py-3 ring-1 ring-line backdrop-blur">
        <p className="text-xs text-muted">{t('form.audited')}</p>
        <div className="flex gap-2">
          <Button type="button" variant="secondary" onClick={onCancel} disabled={isSaving}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" isLoading={isSaving} disabled={saved !== null && !isDirty} data-testid="promotion-save">
            {saved ? t('form.save') : t('form.create')}
          </Button>
        </div>
      </footer>
    </form>
  );
}
