import { adminApi } from '@wallet/contract/admin/admin-api';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card } from '@wallet/ui/card';
import { formatMoney } from '@wallet/web-core/format';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DailyChart } from '../../components/daily-chart.tsx';
import { DateRangeFilter } from '../../components/date-range-filter.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { EmptyRows, ErrorState, LoadingState } from '../../components/states.tsx';
import { addDays, bangkokDay, instantRange } from '../../lib/bangkok.ts';
import { adminCall } from '../../lib/api.ts';
import { useListParams } from '../../lib/use-list-params.ts';
import { byPromotion, daysBetween, perDay, totalsOf } from './report-data.ts';
import { ReportTables } from './report-tables.tsx';

const DEFAULT_DAYS = 14;

/** Claims, cost, forfeits and turnover per promotion per Bangkok day (GET /api/admin/promotions/report). */
export default function PromotionReportPage() {
  const { t } = useTranslation('promotion-report');
  const list = useListParams(['code']);
  const [, setSearch] = useSearchParams();
  const today = bangkokDay();
  const to = list.days.to ?? today;
  const from = list.days.from ?? addDays(to, -(DEFAULT_DAYS - 1));
  const query = useQuery({
    queryKey: ['admin', 'promotion-report', from, to],
    queryFn: () => adminCall(adminApi.promotions.report, { query: instantRange({ from, to }) }),
    placeholderData: keepPreviousData,
  });
  const code = list.filters.code;
  const all = useMemo(() => query.data?.rows ?? [], [query.data]);
  const rows = useMemo(() => (code ? all.filter((r) => r.code === code) : all), [all, code]);
  const days = useMemo(() => daysBetween(from, to), [from, to]);
  const series = useMemo(() => perDay(rows, days), [rows, days]);
  const totals = totalsOf(rows);
  const promotions = byPromotion(all);
  const moneySeries = useMemo(
    () => [
      { label: t('cost'), color: '#f5c451', values: series.cost, kind: 'bars' as const },
      { label: t('forfeited'), color: '#f0526b', values: series.forfeited, kind: 'line' as const },
    ],
    [series, t],
  );
  const activitySeries = useMemo(
    () => [{ label: t('turnover'), color: '#38bdf8', values: series.turnover, kind: 'bars' as const }],
    [series, t],
  );
  const claimSeries = useMemo(
    () => [{ label: t('claims'), color: '#a78bfa', values: series.claims, kind: 'bars' as const }],
    [series, t],
  );

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Link to="/promotions" className="text-sm font-semibold text-primary hover:underline">
            {t('manage')}
          </Link>
        }
      >
        <div className="flex flex-wrap items-end gap-3">
          <DateRangeFilter value={{ from, to }} onChange={list.setDays} />
          <label className="flex flex-col gap-1 text-xs font-semibold text-muted">
            {t('promotion')}
            <select
              className="h-11 min-w-48 rounded-xl bg-bg-raised px-3 text-sm text-fg ring-1 ring-line focus:ring-2 focus:ring-primary focus:outline-none"
              value={code}
              onChange={(e) => list.setFilter('code', e.target.value)}
              data-testid="report-promotion"
            >
              <option value="">{t('allPromotions')}</option>
              {promotions.map((p) => (
                <option key={p.code} value={p.code}>
                  {p.code}
                </option>
              ))}
            </select>
          </label>
        </div>
      </PageHeader>
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <div className="flex flex-col gap-4">
          <section
            aria-label={t('totals')}
            className="grid grid-cols-2 gap-3 lg:grid-cols-5"
            data-testid="report-totals"
          >
            <Tile label={t('claims')} value={totals.claims.toLocaleString('en-US')} />
            <Tile label={t('cost')} value={formatMoney(totals.cost)} unit="THB" tone="text-warning" />
            <Tile label={t('forfeited')} value={formatMoney(totals.forfeited)} unit="THB" tone="text-danger" />
            <Tile label={t('netCost')} value={formatMoney(totals.cost - totals.forfeited)} unit="THB" />
            <Tile label={t('turnover')} value={formatMoney(totals.turnover)} unit="THB" tone="text-info" />
          </section>
          {all.length === 0 ? (
            <div className="rounded-[var(--radius-card)] bg-surface ring-1 ring-line">
              <EmptyRows
                title={t('emptyTitle')}
                description={t('emptyBody')}
                action={
                  <button type="button" className="text-sm font-semibold text-primary" onClick={() => setSearch({})}>
                    {t('resetRange')}
                  </button>
                }
              />
            </div>
          ) : (
            <>
              <div className="grid gap-4 xl:grid-cols-3">
                <Card title={t('chart.money')}>
                  <DailyChart days={days} height={220} dayLabel={t('day')} series={moneySeries} />
                </Card>
                <Card title={t('chart.turnover')}>
                  <DailyChart days={days} height={220} dayLabel={t('day')} series={activitySeries} />
                </Card>
                <Card title={t('chart.claims')}>
                  <DailyChart days={days} height={220} dayLabel={t('day')} series={claimSeries} isCount />
                </Card>
              </div>
              <ReportTables promotions={promotions} rows={rows} />
            </>
          )}
        </div>
      )}
    </>
  );
}

function Tile(props: { label: string; value: string; unit?: string; tone?: string }) {
  return (
    <div className="rounded-2xl bg-surface px-4 py-3 ring-1 ring-line">
      <div className="text-xs font-semibold tracking-wide text-muted uppercase">{props.label}</div>
      <div className={`mt-0.5 text-xl font-bold tabular-nums ${props.tone ?? 'text-fg'}`}>
        {props.value} {props.unit && <span className="text-xs font-semibold text-muted">{props.unit}</span>}
      </div>
    </div>
  );
}
