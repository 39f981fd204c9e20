import type { Bonus } from '@wallet/contract/promotions';
import { useTranslation } from 'react-i18next';
import { Button } from '@wallet/ui/button';
import { Modal } from '@wallet/ui/modal';
import { presentError } from '@wallet/web-core/present-error';
import { notify } from '@wallet/web-core/toast';
import { useActivateBonus, useNotice } from '../../api/promotions.ts';
import { BannerSlide } from './banner-view.tsx';
import { noticeFor } from './bonus-state.ts';

export type BonusDialogProps = { bonus: Bonus; onClose: (isActivated: boolean) => void };

/** docs/spec.md §2 bonus modal: the bonus's banners, its limit, the notice with its percentFail, and activate. */
export function BonusDialog({ bonus, onClose }: BonusDialogProps) {
  const { t } = useTranslation('promotions');
  const { t: tc } = useTranslation('common');
  const notice = useNotice();
  const activate = useActivateBonus();

  const handleActivate = () =>
    activate.submit(bonus.code, {
      onSuccess: () => {
        notify.success(t('bonus.activated', { name: bonus.name }));
        onClose(true);
      },
      // docs/spec.md §8: an error dialog titled with the generic error message, the server's message as the body
      onError: (error) => presentError(error, { as: 'alert', title: tc('error.title') }),
    });

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose(false)}
      title={bonus.name}
      footer={
        <Button isBlock size="lg" onClick={handleActivate} isLoading={activate.isPending} data-testid="bonus-activate">
          {t('bonus.activate')}
        </Button>
      }
    >
      <div className="flex flex-col gap-3" data-testid="bonus-dialog">
        {bonus.banners.map((banner, index) => (
          <BannerSlide key={`${banner.image}-${index}`} banner={banner} />
        ))}
        <p className="text-sm text-muted">{t(`bonus.limit.${bonus.type}`, { max: bonus.maxReceived })}</p>
        <p className="rounded-xl bg-warning/10 p-3 text-sm text-warning" data-testid="bonus-notice">
          {notice.data?.text
            ? noticeFor(notice.data.text, bonus.percentFail)
            : t('promo.percentFail', { percentFail: bonus.percentFail })}
        </p>
      </div>
    </Modal>
  );
}
