import { adminApi } from '@wallet/contract/admin/admin-api';
import { PROMOTION_BANNER_MAX_BYTES } from '@wallet/contract/admin/promotions';
import { Button } from '@wallet/ui/button';
import { FieldShell } from '@wallet/ui/field-shell';
import { useTranslation } from 'react-i18next';
import { BannerImage } from '../../components/banner-image.tsx';
import { HtmlPreview } from '../../components/html-preview.tsx';
import { adminCall } from '../../lib/api.ts';
import { Section, useErrorText } from './form-bits.tsx';
import type { SectionProps } from './section-props.ts';

const MAX_BANNERS = 5;

async function uploadBanner(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const { path } = await adminCall(adminApi.promotions.uploadBanner, { formData: form });
  return path;
}

/** The pictures of the bonus card and modal: each an uploaded image with an HTML caption (up to five). */
export function BannersSection({ draft, set, errors }: SectionProps) {
  const { t } = useTranslation('promotions');
  const errorText = useErrorText();
  const banners = draft.banners;
  const setBanner = (index: number, patch: Partial<(typeof banners)[number]>) =>
    set({ banners: banners.map((b, i) => (i === index ? { ...b, ...patch } : b)) });
  return (
    <Section title={t('form.banners')} hint={t('form.bannersHint', { max: MAX_BANNERS })}>
      {banners.length === 0 && (
        <p className="rounded-xl bg-bg px-4 py-6 text-center text-sm text-muted ring-1 ring-line">
          {t('form.noBanners')}
        </p>
      )}
      {banners.map((banner, i) => (
        <div
          key={i}
          className="grid gap-4 rounded-2xl bg-bg p-4 ring-1 ring-line lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]"
          data-testid="promotion-banner"
        >
          <BannerImage
            value={banner.image}
            onChange={(image) => setBanner(i, { image })}
            upload={uploadBanner}
            maxBytes={PROMOTION_BANNER_MAX_BYTES}
            accept="image/png,image/jpeg"
            isInvalid={Boolean(errors[`banners.${i}`])}
            testId={`promotion-banner-image-${i}`}
          />
          <div className="flex flex-col gap-3">
            <FieldShell label={t('form.bannerHtml')} error={errorText(errors[`banners.${i}`])}>
              {(control) => (
                <textarea
                  {...control}
                  rows={3}
                  maxLength={4000}
                  value={banner.html}
                  placeholder="<b>…</b>"
                  onChange={(e) => setBanner(i, { html: e.target.value })}
                  className="w-full rounded-2xl bg-bg-raised px-4 py-3 text-sm text-fg ring-1 ring-line outline-none ring-inset focus:ring-2 focus:ring-primary"
                />
              )}
            </FieldShell>
            {banner.html.trim() && <HtmlPreview html={banner.html} title={t('form.bannerPreview')} />}
            <div>
              <Button
                type="button"
                size="sm"
                variant="ghost"
                className="text-danger"
                onClick={() => set({ banners: banners.filter((_, j) => j !== i) })}
              >
                {t('form.removeBanner')}
              </Button>
            </div>
          </div>
        </div>
      ))}
      <div>
        <Button
          type="button"
          size="sm"
          variant="secondary"
          disabled={banners.length >= MAX_BANNERS}
          onClick={() => set({ banners: [...banners, { image: '', html: '' }] })}
          data-testid="promotion-add-banner"
        >
          {t('form.addBanner')}
        </Button>
      </div>
    </Section>
  );
}
