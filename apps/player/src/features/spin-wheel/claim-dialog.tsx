import type { Coupon } from '@wallet/contract/spinwheel';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wallet/ui/button';
import { Modal } from '@wallet/ui/modal';
import { formatMoney } from '@wallet/web-core/format';
import { presentError } from '@wallet/web-core/present-error';
import { notify } from '@wallet/web-core/toast';
import { useClaimCoupon } from '../../api/spinwheel.ts';
import { CLAIM_CONFIRM_DEBOUNCE_MS } from './constants.ts';

export type ClaimDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  coupon: Coupon;
  unit: string;
  /** after a claim (success or refusal): the caller reloads the wheel state */
  onSuccess: () => void;
};

/** docs/spec.md §4–5: confirm or cancel; the confirm fires 500 ms after the last tap and claims once. */
export function ClaimDialog({ open, onOpenChange, coupon, unit, onSuccess }: ClaimDialogProps) {
  const { t } = useTranslation('spin');
  const claim = useClaimCoupon();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [isWaiting, setIsWaiting] = useState(false);
  useEffect(() => () => clearTimeout(timer.current), []);
  const amount = `${formatMoney(coupon.amount)} ${unit}`;

  const send = () =>
    claim.submit(
      { coupon: coupon._id },
      {
        onSuccess: () => {
          notify.success(t('claim.success', { amount }));
          onSuccess();
          onOpenChange(false);
        },
        onError: (error) => {
          setIsWaiting(false);
          presentError(error, { as: 'alert', title: t('claim.errorTitle') });
          onSuccess();
        },
      },
    );
  const handleConfirm = () => {
    setIsWaiting(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(send, CLAIM_CONFIRM_DEBOUNCE_MS);
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      size="sm"
      title={t('claim.title')}
      footer={
        <>
          <Button variant="secondary" isBlock onClick={() => onOpenChange(false)} disabled={claim.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <Button isBlock onClick={handleConfirm} isLoading={isWaiting || claim.isPending} data-testid="claim-confirm">
            {t('claim.confirm')}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-1 py-2" data-testid="claim-dialog">
        <p className="text-xl font-extrabold text-primary">{coupon.prize.slice.label}</p>
        <p className="text-base text-fg/90">{t('claim.body', { amount })}</p>
      </div>
    </Modal>
  );
}
