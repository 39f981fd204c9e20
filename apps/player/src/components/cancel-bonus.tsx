import type { ConditionProgress } from '../api/promotions.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wallet/ui/button';
import { formatMoney } from '@wallet/web-core/format';
import { presentError } from '@wallet/web-core/present-error';
import { notify } from '@wallet/web-core/toast';
import { useClearBonus } from '../api/promotions.ts';

export type CancelBonusProps = {
  /** the running condition, for the forfeit shown before cancelling (null when the progress is unknown) */
  progress: ConditionProgress | null | undefined;
  unit: string;
  onCancelled?: () => void;
};

/** GET /api/bonus/clear behind a confirmation showing what is forfeited; failure: alert titled cancel-failed (docs/spec.md §8). */
export function CancelBonus({ progress, unit, onCancelled }: CancelBonusProps) {
  const { t } = useTranslation('promotions');
  const clear = useClearBonus();
  const [isConfirming, setIsConfirming] = useState(false);
  const forfeit = progress ? `${formatMoney(progress.forfeit)} ${unit}` : null;

  const handleClear = () =>
    clear.submit(null, {
      onSuccess: () => {
        setIsConfirming(false);
        notify.success(t('cancel.done'));
        onCancelled?.();
      },
      onError: (error) => {
        setIsConfirming(false);
        presentError(error, { as: 'alert', title: t('cancel.failedTitle') });
      },
    });

  if (!isConfirming) {
    return (
      <Button variant="secondary" isBlock onClick={() => setIsConfirming(true)} data-testid="bonus-cancel">
        {t('cancel.button')}
      </Button>
    );
  }
  return (
    <div
      className="flex flex-col gap-2 rounded-2xl bg-danger/10 p-3 ring-1 ring-danger/30"
      data-testid="bonus-cancel-confirm"
    >
      <p className="text-sm font-semibold">{t('cancel.confirmTitle')}</p>
      <p className="text-sm text-muted" data-testid="bonus-forfeit">
        {forfeit ? t('cancel.forfeit', { amount: forfeit }) : t('cancel.forfeitUnknown')}
      </p>
      {/* the cancel collects game balances first (docs/decisions/0020-bonus-cancel-and-claim-rules.md) */}
      <p className="text-sm text-muted" data-testid="bonus-cancel-collect">
        {t('cancel.collect')}
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" className="flex-1" onClick={() => setIsConfirming(false)}>
          {t('cancel.keep')}
        </Button>
        <Button
          variant="danger"
          className="flex-1"
          onClick={handleClear}
          isLoading={clear.isPending}
          data-testid="bonus-cancel-yes"
        >
          {t('cancel.yes')}
        </Button>
      </div>
    </div>
  );
}
