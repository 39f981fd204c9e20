import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wallet/ui/button';
import { Icon } from '@wallet/ui/icon';
import { Modal } from '@wallet/ui/modal';
import { Spinner } from '@wallet/ui/spinner';
import { formatMoney } from '@wallet/web-core/format';
import { presentError } from '@wallet/web-core/present-error';
import { notify } from '@wallet/web-core/toast';
import { promotionQueries, useRefundMove } from '../../api/promotions.ts';
import { HistoryTable } from './history-table.tsx';

export type RefundDialogProps = {
  currency: string;
  /** `moved` when money reached the wallet (home refreshes) */
  onClose: (moved: boolean) => void;
};

/** The check's `info` is the refund's Bangkok day (YYYY-MM-DD): shown DD/MM/YYYY like every date; other text as is. */
const dayOrText = (info: string): string => {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(info);
  return day ? `${day[3]}/${day[2]}/${day[1]}` : info;
};

/**
 * docs/spec.md §2/§4 refund modal: yesterday's refund with its conditions text; receiving is disabled while a bonus
 * runs; moving it to the wallet asks first, showing the success and fail percentages; the refund log (10 a page).
 */
export function RefundDialog({ currency, onClose }: RefundDialogProps) {
  const { t } = useTranslation('promotions');
  const [page, setPage] = useState(1);
  const [moved, setMoved] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);
  const check = useQuery(promotionQueries.refundCheck());
  // docs/spec.md §8: a refund list failure is ignored (the table stays empty)
  const refunds = useQuery({ ...promotionQueries.refunds(page), placeholderData: keepPreviousData });
  const receive = useRefundMove('receive');
  const addWallet = useRefundMove('addWallet');
  const unit = t(`unit.${currency}`, { defaultValue: currency });
  const info = check.data;
  const money = (amount: number) => `${formatMoney(amount)} ${unit}`;

  const handleReceive = () =>
    receive.submit(null, {
      onSuccess: () => {
        notify.success(t('refund.received'));
        setIsConfirming(true);
      },
      onError: (error) => presentError(error, { as: 'toast' }),
    });
  const handleAddWallet = () =>
    addWallet.submit(null, {
      onSuccess: () => {
        setMoved(true);
        setIsConfirming(false);
        notify.success(t('refund.moved'));
      },
      onError: (error) => {
        setIsConfirming(false);
        presentError(error, { as: 'toast' });
      },
    });

  return (
    <Modal open onOpenChange={(open) => !open && onClose(moved)} title={t('refund.title')} size="md">
      <div className="flex flex-col gap-4" data-testid="refund-dialog">
        {check.isPending && (
          <div className="flex justify-center py-6 text-primary">
            <Spinner size="lg" />
          </div>
        )}
        {check.isError && (
          <p className="rounded-2xl bg-surface p-4 text-center text-sm text-muted">{t('refund.unavailable')}</p>
        )}
        {info && (
          <section className="flex flex-col gap-3 rounded-2xl bg-gradient-to-r from-primary/15 to-surface p-4 ring-1 ring-primary/25">
            <div className="flex items-center gap-3">
              <span className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-primary/20 text-primary">
                <Icon name="refund" className="size-6" />
              </span>
              <div className="min-w-0 flex-1">
                <p className="text-xs font-semibold text-muted">{t('refund.yesterday')}</p>
                <p className="text-xl leading-tight font-bold tabular-nums" data-testid="refund-amount">
                  {money(info.refundAmount)}
                </p>
              </div>
            </div>
            {info.info && (
              <p className="text-sm whitespace-pre-line text-muted" data-testid="refund-info">
                {dayOrText(info.info)}
              </p>
            )}
            <p className="text-xs text-muted">
              {t('refund.percentages', { success: info.refundSuccess, fail: info.refundFail })}
            </p>
            {info.bonus && (
              <p
                className="flex gap-2 rounded-xl bg-warning/10 p-3 text-sm text-warning"
                data-testid="refund-bonus-running"
              >
                <Icon name="lock" className="mt-0.5 size-4 shrink-0" />
                {t('refund.bonusRunning')}
              </p>
            )}
            {isConfirming ? (
              <div className="flex flex-col gap-2 rounded-xl bg-surface-2 p-3" data-testid="refund-confirm">
                <p className="text-sm font-semibold">
                  {t('refund.confirmTitle', { amount: money(info.refundAmount) })}
                </p>
                <p className="text-sm text-muted">
                  {t('refund.confirmBody', { success: info.refundSuccess, fail: info.refundFail })}
                </p>
                <div className="flex gap-2">
                  <Button variant="secondary" className="flex-1" onClick={() => setIsConfirming(false)}>
                    {t('actions.cancel')}
                  </Button>
                  <Button
                    className="flex-1"
                    onClick={handleAddWallet}
                    isLoading={addWallet.isPending}
                    data-testid="refund-confirm-yes"
                  >
                    {t('refund.addWallet')}
                  </Button>
                </div>
              </div>
            ) : (
              <div className="flex gap-2">
                <Button
                  className="flex-1"
                  onClick={handleReceive}
                  isLoading={receive.isPending}
                  disabled={info.bonus || !info.result}
                  data-testid="refund-receive"
                >
                  {t('refund.receive')}
                </Button>
                <Button
                  variant="secondary"
                  className="flex-1"
                  onClick={() => setIsConfirming(true)}
                  disabled={info.bonus}
                  data-testid="refund-add-wallet"
                >
                  {t('refund.addWallet')}
                </Button>
              </div>
            )}
          </section>
        )}
        <section className="flex flex-col gap-2">
          <h3 className="text-sm font-bold">{t('refund.logTitle')}</h3>
          <HistoryTable
            rows={
              refunds.isError
                ? []
                : refunds.data?.refunds.map((row) => ({ amount: row.refundAmount, createdAt: row.createdAt }))
            }
            total={refunds.data?.total ?? 0}
            page={page}
            onPageChange={setPage}
            isFetching={refunds.isFetching}
            columns={{ amount: t('table.amount'), date: t('table.date') }}
            empty={t('refund.empty')}
            testId="refund-log"
          />
        </section>
      </div>
    </Modal>
  );
}
