import type { PromotionReportRow } from '@wallet/contract/admin/promotions';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table.tsx';
import { MoneyCell } from '../../components/money-cell.tsx';
import type { PromotionTotals } from './report-data.ts';
import { dayText } from '../../components/date-field.tsx';

const promotionColumn = createColumnHelper<PromotionTotals>();
const dayColumn = createColumnHelper<PromotionReportRow>();
const count = (n: number) => <span className="block text-right tabular-nums">{n.toLocaleString('en-US')}</span>;

/** The range per promotion, then every promotion-day row (newest day first, paged here). */
export function ReportTables({ promotions, rows }: { promotions: PromotionTotals[]; rows: PromotionReportRow[] }) {
  const { t } = useTranslation('promotion-report');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const sorted = [...rows].sort((a, b) => b.day.localeCompare(a.day) || b.cost - a.cost);
  const money = {
    meta: { align: 'right' as const },
    cell: (c: { getValue: () => number }) => <MoneyCell amount={c.getValue()} />,
  };
  return (
    <>
      <section className="flex flex-col gap-2">
        <h2 className="text-lg font-bold">{t('perPromotion')}</h2>
        <DataTable
          label={t('perPromotion')}
          columns={[
            promotionColumn.accessor('code', {
              header: t('promotion'),
              cell: (c) => <span className="font-mono font-semibold">{c.getValue()}</span>,
            }),
            promotionColumn.accessor('claims', {
              header: t('claims'),
              meta: { align: 'right' },
              cell: (c) => count(c.getValue()),
            }),
            promotionColumn.accessor('cost', { header: t('cost'), ...money }),
            promotionColumn.accessor('forfeited', { header: t('forfeited'), ...money }),
            promotionColumn.accessor('turnover', { header: t('turnover'), ...money }),
            promotionColumn.display({
              id: 'ratio',
              header: t('ratio'),
              meta: { align: 'right' },
              cell: ({ row: { original: p } }) => (
                <span className="block text-right tabular-nums">
                  {p.cost > 0 ? `${(p.turnover / p.cost).toFixed(1)} ×` : '—'}
                </span>
              ),
            }),
          ]}
          data={{ rows: promotions, total: promotions.length, page: 1, pageSize: Math.max(1, promotions.length) }}
          onPageChange={() => undefined}
          getRowId={(p) => p.code}
        />
      </section>
      <section className="flex flex-col gap-2">
        <h2 className="text-lg font-bold">{t('perDay')}</h2>
        <DataTable
          label={t('perDay')}
          columns={[
            dayColumn.accessor('day', {
              header: t('day'),
              cell: (c) => <span className="tabular-nums">{dayText(c.getValue())}</span>,
            }),
            dayColumn.accessor('code', {
              header: t('promotion'),
              cell: (c) => <span className="font-mono">{c.getValue()}</span>,
            }),
            dayColumn.accessor('claims', {
              header: t('claims'),
              meta: { align: 'right' },
              cell: (c) => count(c.getValue()),
            }),
            dayColumn.accessor('cost', { header: t('cost'), ...money }),
            dayColumn.accessor('forfeited', { header: t('forfeited'), ...money }),
            dayColumn.accessor('turnover', { header: t('turnover'), ...money }),
          ]}
          data={{ rows: sorted.slice((page - 1) * pageSize, page * pageSize), total: sorted.length, page, pageSize }}
          onPageChange={setPage}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPage(1);
          }}
          getRowId={(r) => `${r.day}:${r.code}`}
        />
      </section>
    </>
  );
}
