import { adminApi } from '@wallet/contract/admin/admin-api';
import { BANNER_IMAGE_MAX_BYTES, type AdminBanner } from '@wallet/contract/admin/referral-refunds';
import { Button } from '@wallet/ui/button';
import { FieldShell } from '@wallet/ui/field-shell';
import { Modal } from '@wallet/ui/modal';
import { TextField } from '@wallet/ui/text-field';
import { errorMessage } from '@wallet/web-core/present-error';
import { clsx } from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BannerImage } from '../../components/banner-image.tsx';
import { HtmlPreview } from '../../components/html-preview.tsx';
import { adminCall } from '../../lib/api.ts';
import { BANNER_LANGS, validateBanner, type BannerDraft } from './banner-draft.ts';

async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  return (await adminCall(adminApi.banners.upload, { formData: form })).image;
}

export type BannerDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** the banner being edited, null for a new one */
  banner: AdminBanner | null;
  initial: BannerDraft;
  /** saves the checked draft; a rejection shows its error in the dialog */
  onSubmit: (draft: BannerDraft) => Promise<unknown>;
};

/** Add or edit an invite / refund banner: the image, its HTML text per language (Thai required), order, on/off. */
export function BannerDialog({ open, onOpenChange, banner, initial, onSubmit }: BannerDialogProps) {
  const { t } = useTranslation('referrals');
  const [draft, setDraft] = useState<BannerDraft>(initial);
  const [lang, setLang] = useState<(typeof BANNER_LANGS)[number]>('th');
  const [isChecking, setChecking] = useState(false);
  const [isSaving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errors = isChecking ? validateBanner(draft) : {};
  const errorText = (key: string | undefined) => (key ? t(`errors.${key}`) : undefined);

  const save = async () => {
    setChecking(true);
    if (Object.keys(validateBanner(draft)).length > 0 || isSaving) return;
    setSaving(true);
    setError(null);
    try {
      await onSubmit(draft);
      onOpenChange(false);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !isSaving && onOpenChange(next)}
      size="lg"
      title={banner ? t('banners.editTitle') : t('banners.addTitle', { place: t(`place.${draft.place}`) })}
      description={t('banners.dialogHint')}
      footer={
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={isSaving}>
            {t('common:actions.cancel')}
          </Button>
          <Button onClick={() => void save()} isLoading={isSaving} data-testid="banner-save">
            {t('banners.save')}
          </Button>
        </div>
      }
    >
      <div className="flex flex-col gap-4 pt-1" data-testid="banner-dialog">
        <div className="grid gap-4 sm:grid-cols-[minmax(0,1.5fr)_minmax(0,1fr)]">
          <div className="flex flex-col gap-2">
            <BannerImage
              value={draft.image}
              onChange={(image) => setDraft({ ...draft, image })}
              upload={uploadImage}
              maxBytes={BANNER_IMAGE_MAX_BYTES}
              isInvalid={Boolean(errors.image)}
              testId="banner-image"
            />
            {errors.image && (
              <p role="alert" className="text-sm text-danger">
                {errorText(errors.image)}
              </p>
            )}
          </div>
          <div className="flex flex-col gap-4">
            <TextField
              type="number"
              step="1"
              min={0}
              label={t('banners.order')}
              hint={t('banners.orderHint')}
              error={errorText(errors.sortOrder)}
              value={Number.isNaN(draft.sortOrder) ? '' : draft.sortOrder}
              onChange={(e) =>
                setDraft({ ...draft, sortOrder: e.target.value === '' ? Number.NaN : Number(e.target.value) })
              }
            />
            <label className="flex h-12 items-center gap-3 rounded-2xl bg-bg-raised px-4 ring-1 ring-line ring-inset">
              <input
                type="checkbox"
                className="size-5 accent-[var(--color-primary)]"
                checked={draft.isActive}
                onChange={(e) => setDraft({ ...draft, isActive: e.target.checked })}
              />
              <span className="text-sm font-semibold">{t('banners.active')}</span>
            </label>
          </div>
        </div>
        <div
          role="tablist"
          aria-label={t('banners.html')}
          className="flex gap-1 rounded-2xl bg-bg p-1 ring-1 ring-line"
        >
          {BANNER_LANGS.map((code) => (
            <button
              key={code}
              type="button"
              role="tab"
              aria-selected={lang === code}
              onClick={() => setLang(code)}
              className={clsx(
                'min-h-9 flex-1 rounded-xl text-sm font-semibold',
                lang === code ? 'bg-surface-2 text-fg' : 'text-muted hover:text-fg',
              )}
            >
              {t(`lang.${code}`)}
            </button>
          ))}
        </div>
        <FieldShell
          label={t('banners.htmlIn', { lang: t(`lang.${lang}`) })}
          hint={lang === 'th' ? t('banners.thaiRequired') : t('banners.fallback')}
          error={lang === 'th' || errors.html === 'tooLong' ? errorText(errors.html) : undefined}
        >
          {(control) => (
            <textarea
              {...control}
              key={lang}
              lang={lang}
              rows={4}
              maxLength={4000}
              value={draft.html[lang]}
              onChange={(e) => setDraft({ ...draft, html: { ...draft.html, [lang]: e.target.value } })}
              className="w-full rounded-2xl bg-bg-raised px-4 py-3 text-sm text-fg ring-1 ring-line outline-none ring-inset focus:ring-2 focus:ring-primary aria-invalid:ring-danger"
              data-testid={`banner-html-${lang}`}
            />
          )}
        </FieldShell>
        {(draft.html[lang] || draft.html.th).trim() && (
          <HtmlPreview html={draft.html[lang] || draft.html.th} title={t('banners.preview')} />
        )}
        {error && (
          <p role="alert" className="rounded-xl bg-danger/10 px-3 py-2 text-sm text-danger ring-1 ring-danger/30">
            {error}
          </p>
        )}
      </div>
    </Modal>
  );
}
