import type { Banner } from '@wallet/contract/promotions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wallet/ui/button';
import { Modal } from '@wallet/ui/modal';
import { BannerSlide } from './banner-view.tsx';

export type BannersDialogProps = {
  banners: Banner[];
  title: string;
  /** closing the carousel opens the invite or refund modal (docs/spec.md §2) */
  onClose: () => void;
};

/** docs/spec.md §2 carousel modal: the invite or refund banners, one at a time. */
export function BannersDialog({ banners, title, onClose }: BannersDialogProps) {
  const { t } = useTranslation('promotions');
  const [index, setIndex] = useState(0);
  const banner = banners[index];
  const step = (delta: number) => setIndex((banners.length + index + delta) % banners.length);
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      footer={
        <Button isBlock size="lg" onClick={onClose} data-testid="banners-continue">
          {t('banners.continue')}
        </Button>
      }
    >
      <div className="flex flex-col gap-3" data-testid="banners-carousel">
        {banner && <BannerSlide banner={banner} />}
        {banners.length > 1 && (
          <div className="flex items-center justify-between gap-2">
            <Button variant="ghost" size="sm" onClick={() => step(-1)} aria-label={t('banners.previous')}>
              <span aria-hidden>‹</span>
            </Button>
            <div className="flex gap-1.5">
              {banners.map((_, dot) => (
                <button
                  key={dot}
                  type="button"
                  onClick={() => setIndex(dot)}
                  aria-label={t('banners.goTo', { number: dot + 1 })}
                  aria-current={dot === index || undefined}
                  className={
                    dot === index ? 'size-2.5 rounded-full bg-primary' : 'size-2.5 rounded-full bg-line-strong'
                  }
                />
              ))}
            </div>
            <Button variant="ghost" size="sm" onClick={() => step(1)} aria-label={t('banners.next')}>
              <span aria-hidden>›</span>
            </Button>
          </div>
        )}
      </div>
    </Modal>
  );
}
