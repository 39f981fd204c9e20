import { adminApi } from '@wallet/contract/admin/admin-api';
import type { AdminCoupon, Wheel } from '@wallet/contract/admin/spinwheel';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { Button } from '@wallet/ui/button';
import { Card } from '@wallet/ui/card';
import { formatDateTime } from '@wallet/web-core/format';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table.tsx';
import { DateRangeFilter } from '../../components/date-range-filter.tsx';
import { MoneyCell } from '../../components/money-cell.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ErrorState, LoadingState } from '../../components/states.tsx';
import { StatusBadge, type BadgeTone } from '../../components/status-badge.tsx';
import { adminCall } from '../../lib/api.ts';
import { useListParams } from '../../lib/use-list-params.ts';
import { WheelEditor } from './wheel-editor.tsx';
import { dayText } from '../../components/date-field.tsx';

const column = createColumnHelper<AdminCoupon>();
const TONES: Record<string, BadgeTone> = { open: 'info', claimed: 'success', expired: 'neutral' };

/** The prize wheel (role marketing): wheels and their odds, spins and claims per day, the coupons won. */
export default function SpinWheelPage() {
  const { t } = useTranslation('spin-wheel');
  const list = useListParams();
  const [selected, setSelected] = useState<number | 'new' | null>(null);
  const wheels = useQuery({
    queryKey: ['admin', 'spin-wheel', 'wheels'],
    queryFn: () => adminCall(adminApi.spinwheel.wheels),
  });
  const stats = useQuery({
    queryKey: ['admin', 'spin-wheel', 'stats'],
    queryFn: () => adminCall(adminApi.spinwheel.stats),
  });
  const coupons = useQuery({
    queryKey: ['admin', 'spin-wheel', 'coupons', list.query],
    queryFn: () => adminCall(adminApi.spinwheel.coupons, { query: list.query }),
    placeholderData: keepPreviousData,
  });
  const all = wheels.data?.wheels ?? [];
  const current: Wheel | null =
    selected === 'new' ? null : (all.find((w) => w.id === selected) ?? all.find((w) => w.isActive) ?? all[0] ?? null);

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button variant="secondary" onClick={() => setSelected('new')}>
            {t('editor.create')}
          </Button>
        }
      />
      <div className="flex flex-col gap-6">
        {wheels.isPending && <LoadingState />}
        {wheels.isError && <ErrorState error={wheels.error} onRetry={() => void wheels.refetch()} />}
        {all.length > 0 && (
          <nav className="flex flex-wrap gap-2" aria-label={t('wheels')}>
            {all.map((w) => (
              <button
                key={w.id}
                type="button"
                onClick={() => setSelected(w.id)}
                aria-current={current?.id === w.id ? 'true' : undefined}
                className="flex items-center gap-2 rounded-xl bg-surface px-3 py-2 text-sm font-semibold ring-1 ring-line aria-[current]:ring-2 aria-[current]:ring-primary"
              >
                {w.name}
                <StatusBadge tone={w.isActive ? 'success' : 'neutral'}>
                  {w.isActive ? t('active') : t('inactive')}
                </StatusBadge>
              </button>
            ))}
          </nav>
        )}
        {wheels.data && (
          <WheelEditor
            key={current ? `${current.id}:${current.updatedAt}` : 'new'}
            wheel={current}
            onSaved={(w) => setSelected(w.id)}
          />
        )}
        <Card title={t('stats.title')}>
          <table className="w-full text-left text-sm" aria-label={t('stats.title')}>
            <thead className="text-xs text-muted uppercase">
              <tr>
                <th className="p-2">{t('stats.day')}</th>
                <th className="p-2 text-right">{t('stats.spins')}</th>
                <th className="p-2 text-right">{t('stats.claims')}</th>
                <th className="p-2 text-right">{t('stats.claimed')}</th>
              </tr>
            </thead>
            <tbody>
              {(stats.data?.days ?? []).map((d) => (
                <tr key={d.day} className="border-t border-line">
                  <td className="p-2 tabular-nums">{dayText(d.day)}</td>
                  <td className="p-2 text-right tabular-nums">{d.spins}</td>
                  <td className="p-2 text-right tabular-nums">{d.claims}</td>
                  <td className="p-2">
                    <MoneyCell amount={d.claimed} />
                  </td>
                </tr>
              ))}
              {stats.data?.days.length === 0 && (
                <tr>
                  <td colSpan={4} className="p-4 text-center text-muted">
                    {t('stats.none')}
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </Card>
        <section className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 className="text-lg font-bold">{t('coupons.title')}</h2>
            <DateRangeFilter value={list.days} onChange={list.setDays} />
          </div>
          <DataTable
            label={t('coupons.title')}
            columns={[
              column.accessor('createdAt', { header: t('coupons.won'), cell: (c) => formatDateTime(c.getValue()) }),
              column.accessor('memberId', { header: t('coupons.member') }),
              column.accessor('slice', { header: t('coupons.slice') }),
              column.accessor('amount', {
                header: t('coupons.amount'),
                cell: (c) => <MoneyCell amount={c.getValue()} />,
                meta: { align: 'right' },
              }),
              column.accessor('status', {
                header: t('coupons.status'),
                cell: (c) => (
                  <StatusBadge tone={TONES[c.getValue()] ?? 'neutral'}>
                    {t(`status.${c.getValue()}`, { defaultValue: c.getValue() })}
                  </StatusBadge>
                ),
              }),
              column.accessor('expiresAt', { header: t('coupons.expires'), cell: (c) => formatDateTime(c.getValue()) }),
            ]}
            data={coupons.data}
            isLoading={coupons.isPending}
            isFetching={coupons.isFetching}
            error={coupons.error}
            onRetry={() => void coupons.refetch()}
            onPageChange={list.setPage}
            onPageSizeChange={list.setPageSize}
            getRowId={(row) => row.id}
          />
        </section>
      </div>
    </>
  );
}
