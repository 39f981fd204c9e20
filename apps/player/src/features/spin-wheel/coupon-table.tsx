import type { Coupon } from '@wallet/contract/spinwheel';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wallet/ui/button';
import { EmptyState } from '@wallet/ui/empty-state';
import { Icon } from '@wallet/ui/icon';
import { Pagination } from '@wallet/ui/pagination';
import { formatDateTime, formatMoney } from '@wallet/web-core/format';
import { COUPON_PAGE_SIZE } from './constants.ts';

export type CouponTableProps = { coupons: Coupon[]; unit: string; onClaim: (coupon: Coupon) => void };

/** docs/spec.md §2 spin: the paged coupon table (3 per page) with a claim button per coupon. */
export function CouponTable({ coupons, unit, onClaim }: CouponTableProps) {
  const { t } = useTranslation('spin');
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(coupons.length / COUPON_PAGE_SIZE));
  const current = Math.min(page, pages);
  const rows = coupons.slice((current - 1) * COUPON_PAGE_SIZE, current * COUPON_PAGE_SIZE);
  return (
    <section
      aria-labelledby="coupons-title"
      className="rounded-[var(--radius-card)] bg-surface/70 p-4 ring-1 ring-line"
      data-testid="coupon-table"
    >
      <h2 id="coupons-title" className="mb-3 text-lg font-bold">
        {t('coupons.title')}
      </h2>
      {coupons.length === 0 ? (
        <EmptyState icon="gift" title={t('coupons.empty')} />
      ) : (
        <ul className="flex flex-col gap-2.5">
          {rows.map((coupon) => (
            <li
              key={coupon._id}
              data-testid="coupon-row"
              className="flex items-center gap-3 rounded-2xl bg-bg-raised px-3 py-2.5 ring-1 ring-line"
            >
              <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-amber-400/15 text-amber-300">
                <Icon name="gift" className="size-6" />
              </span>
              <div className="min-w-0 flex-1">
                <p className="truncate font-semibold">{coupon.prize.slice.label}</p>
                <p className="text-sm font-bold text-primary tabular-nums">
                  {formatMoney(coupon.amount)} {unit}
                </p>
                <p className="text-xs text-muted">{t('coupons.expires', { date: formatDateTime(coupon.expiresAt) })}</p>
              </div>
              <Button size="sm" onClick={() => onClaim(coupon)} data-testid="coupon-claim">
                {t('coupons.claim')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Pagination className="mt-3" page={current} totalPages={pages} onPageChange={setPage} />
    </section>
  );
}
