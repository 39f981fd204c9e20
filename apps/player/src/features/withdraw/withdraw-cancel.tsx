import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wallet/ui/button';
import { formatMoney } from '@wallet/web-core/format';
import { presentError } from '@wallet/web-core/present-error';
import { notify } from '@wallet/web-core/toast';
import { useWithdrawCancel } from '../../api/withdraw.ts';

export type WithdrawCancelProps = { id: string; amount: number };

/**
 * "Cancel request" on a withdrawal still waiting for review, behind a confirmation saying the money comes back
 * (modules/withdrawals/README.md "Cancel"). Too late (an operator took it): the server's WITHDRAWAL_NOT_CANCELLABLE
 * text in an alert, and the statement refreshes to the row's state.
 */
export function WithdrawCancel({ id, amount }: WithdrawCancelProps) {
  const { t } = useTranslation('statement');
  const cancel = useWithdrawCancel();
  const [isConfirming, setIsConfirming] = useState(false);

  const handleCancel = () =>
    cancel.submit(
      { id },
      {
        onSuccess: () => {
          setIsConfirming(false);
          notify.success(t('withdrawNote.cancel.done'));
        },
        onError: (error) => {
          setIsConfirming(false);
          presentError(error, { as: 'alert', title: t('withdrawNote.cancel.failedTitle') });
        },
      },
    );

  if (!isConfirming) {
    return (
      <Button
        variant="secondary"
        size="sm"
        className="mt-2"
        onClick={() => setIsConfirming(true)}
        data-testid="withdraw-cancel"
      >
        {t('withdrawNote.cancel.button')}
      </Button>
    );
  }
  return (
    <div
      className="mt-2 flex flex-col gap-2 rounded-2xl bg-danger/10 p-3 ring-1 ring-danger/30"
      role="group"
      aria-label={t('withdrawNote.cancel.confirmTitle')}
      data-testid="withdraw-cancel-confirm"
    >
      <p className="text-sm font-semibold">{t('withdrawNote.cancel.confirmTitle')}</p>
      <p className="text-sm text-muted">{t('withdrawNote.cancel.confirmBody', { amount: formatMoney(amount) })}</p>
      <div className="flex gap-2">
        <Button variant="secondary" className="flex-1" onClick={() => setIsConfirming(false)}>
          {t('withdrawNote.cancel.keep')}
        </Button>
        <Button
          variant="danger"
          className="flex-1"
          onClick={handleCancel}
          isLoading={cancel.isPending}
          data-testid="withdraw-cancel-yes"
        >
          {t('withdrawNote.cancel.yes')}
        </Button>
      </div>
    </div>
  );
}
