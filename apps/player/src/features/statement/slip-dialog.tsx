import { clsx } from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SLIP_PAGE_SIZE } from '@wallet/contract/limits';
import { Modal } from '@wallet/ui/modal';
import { Pagination } from '@wallet/ui/pagination';
import { Spinner } from '@wallet/ui/spinner';
import { formatDateTime, formatMoney } from '@wallet/web-core/format';
import { presentError } from '@wallet/web-core/present-error';
import { slipImageUrl, useSlipsPage } from '../../api/statement.ts';
import { statusTone, totalPages } from './statement-status.ts';
import { StatusBadge } from './status-badge.tsx';

export type SlipDialogProps = { open: boolean; onOpenChange: (open: boolean) => void; unit: string };

/** docs/spec.md §2 statement: the slip modal, 10 slips a page (date, amount, status, reason, reference) and each image. */
export function SlipDialog({ open, onOpenChange, unit }: SlipDialogProps) {
  const { t } = useTranslation('statement');
  const [page, setPage] = useState(1);
  const [image, setImage] = useState<{ reference: string; url: string } | null>(null);
  const [opening, setOpening] = useState<string | null>(null);
  const slips = useSlipsPage(page, open);
  const pages = slips.data ? totalPages(slips.data.total, SLIP_PAGE_SIZE) : 1;

  const show = (reference: string) => {
    setOpening(reference);
    slipImageUrl(reference)
      .then((url) => setImage({ reference, url }))
      .catch((error: unknown) => presentError(error, { as: 'toast' }))
      .finally(() => setOpening(null));
  };

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('slipTable.title')} size="lg">
      {image ? (
        <div className="flex flex-col items-center gap-3" data-testid="slip-image-view">
          <img src={image.url} alt={t('slipTable.imageAlt')} className="max-h-[60vh] w-auto rounded-xl" />
          <p className="text-xs text-muted tabular-nums">{image.reference}</p>
          <button
            type="button"
            className="min-h-11 rounded-xl px-4 text-sm font-semibold text-primary ring-1 ring-line"
            onClick={() => setImage(null)}
          >
            {t('slipTable.back')}
          </button>
        </div>
      ) : (
        <div className="flex flex-col gap-3" data-testid="slip-table">
          {slips.isPending && <Spinner />}
          {slips.data?.slips.length === 0 && (
            <p className="py-6 text-center text-sm text-muted">{t('slipTable.empty')}</p>
          )}
          <ul className="flex flex-col gap-2">
            {slips.data?.slips.map((s) => (
              <li key={s.reference} className="rounded-2xl bg-surface-2 p-3 ring-1 ring-line" data-testid="slip-row">
                <div className="flex items-center justify-between gap-2">
                  <span className="text-sm text-muted tabular-nums">{formatDateTime(s.createdAt)}</span>
                  <StatusBadge status={s.status} />
                </div>
                <div className="mt-1 flex items-end justify-between gap-2">
                  <div className="min-w-0">
                    {/* a refused slip whose amount was never read says so instead of 0.00; one that was read shows
                        the amount tried, struck through */}
                    {statusTone(s.status) === 'failed' && s.amount === 0 ? (
                      <p className="text-lg font-bold text-muted" data-testid="slip-amount">
                        {t('slipTable.noAmount')}
                      </p>
                    ) : (
                      <p
                        className={clsx(
                          'text-lg font-bold tabular-nums',
                          statusTone(s.status) === 'failed' && 'text-muted line-through',
                        )}
                        data-testid="slip-amount"
                      >
                        {formatMoney(s.amount)} <span className="text-sm font-normal text-muted">{unit}</span>
                      </p>
                    )}
                    {statusTone(s.status) === 'failed' && s.note && (
                      <p className="text-xs text-danger">
                        {t(`errors:slip.${s.note}`, { defaultValue: t('errors:slip.UNKNOW_ERROR') })}
                      </p>
                    )}
                    <p className="truncate text-[11px] text-subtle tabular-nums">
                      {t('slipTable.reference')} {s.reference}
                    </p>
                  </div>
                  <button
                    type="button"
                    onClick={() => show(s.reference)}
                    disabled={opening !== null}
                    className="flex min-h-11 shrink-0 items-center gap-1 rounded-xl px-3 text-sm font-semibold text-primary ring-1 ring-line disabled:opacity-50"
                    data-testid="slip-view"
                  >
                    {opening === s.reference ? <Spinner size="sm" /> : t('slipTable.view')}
                  </button>
                </div>
              </li>
            ))}
          </ul>
          <Pagination page={page} totalPages={pages} onPageChange={setPage} isDisabled={slips.isPlaceholderData} />
        </div>
      )}
    </Modal>
  );
}
