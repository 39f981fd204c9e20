import { adminApi } from '@wallet/contract/admin/admin-api';
import type { PeriodReport } from '@wallet/contract/admin/period-report';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card } from '@wallet/ui/card';
import { formatMoney } from '@wallet/web-core/format';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DateRangeFilter } from '../../components/date-range-filter.tsx';
import { ExportButton } from '../../components/export-button.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ErrorState, LoadingState } from '../../components/states.tsx';
import { adminCall } from '../../lib/api.ts';
import { addDays, bangkokDay, isDay } from '../../lib/bangkok.ts';
import { SvgBars } from './svg-bars.tsx';

/** Minor units (a decimal string) as baht with 2 decimals. */
const baht = (minor: string) => formatMoney(Number(minor) / 100);
const dmy = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;
const IN = 'var(--color-success, #22c55e)';
const OUT = 'var(--color-danger, #ef4444)';
const NEUTRAL = 'var(--color-primary, #f5b301)';

/** The reports page: a range of Bangkok days (the URL's `from`/`to`, the last 7 days by default). */
export default function ReportsPage() {
  const { t } = useTranslation('reports');
  const [search, setSearch] = useSearchParams();
  const today = bangkokDay();
  const from = isDay(search.get('from')) ? search.get('from')! : addDays(today, -6);
  const to = isDay(search.get('to')) ? search.get('to')! : today;
  const query = useQuery({
    queryKey: ['admin', 'period-report', from, to],
    queryFn: () => adminCall(adminApi.periodReport.summary, { query: { from, to } }),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <PageHeader title={t('title')} description={t('description')}>
        <div className="flex flex-wrap items-end gap-3">
          <DateRangeFilter
            value={{ from, to }}
            onChange={(range) => {
              const next = new URLSearchParams(search);
              for (const key of ['from', 'to'] as const) {
                const value = range[key];
                if (value) next.set(key, value);
                else next.delete(key);
              }
              setSearch(next, { replace: true });
            }}
          />
          <span className="pb-2 text-xs text-muted">{t('range')}</span>
        </div>
      </PageHeader>
      {query.isPending ? (
        <LoadingState />
      ) : query.error ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Sections report={query.data} />
      )}
    </>
  );
}

function Section(props: { title: string; section: string; from: string; to: string; children: ReactNode }) {
  return (
    <Card padding="md">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-bold">{props.title}</h2>
        <ExportButton
          path="/api/admin/period-report.csv"
          query={{ from: props.from, to: props.to, section: props.section }}
        />
      </div>
      {props.children}
    </Card>
  );
}

function Table(props: { label: string; head: string[]; rows: ReactNode[][]; empty?: string }) {
  if (props.rows.length === 0) return <p className="py-4 text-sm text-muted">{props.empty}</p>;
  return (
    <div className="overflow-x-auto">
      <table aria-label={props.label} className="w-full border-collapse text-sm">
        <thead>
          <tr>
            {props.head.map((h, i) => (
              <th
                key={h}
                scope="col"
                className={`border-b border-line px-3 py-2 text-xs font-semibold text-muted uppercase ${i === 0 ? 'text-left' : 'text-right'}`}
              >
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((cells, r) => (
            <tr key={r} className="border-b border-line/60 last:border-0">
              {cells.map((c, i) => (
                <td key={i} className={`px-3 py-2 tabular-nums ${i === 0 ? 'text-left' : 'text-right'}`}>
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Sections({ report }: { report: PeriodReport }) {
  const { t } = useTranslation('reports');
  const { from, to } = report;
  // a channel the catalogue does not name yet shows as its code
  const channelName = (channel: string) => t(`channels.names.${channel}`, { defaultValue: channel });
  return (
    <div className="grid gap-4 xl:grid-cols-2">
      <Section title={t('days.title')} section="days" from={from} to={to}>
        <SvgBars
          title={t('days.title')}
          colors={[IN, OUT]}
          groups={report.days.map((d) => ({
            label: dmy(d.day),
            values: [Number(d.deposits), Number(d.withdrawals)],
          }))}
        />
        <Table
          label={t('days.title')}
          head={[t('days.day'), t('days.deposits'), t('days.withdrawals'), t('days.net')]}
          rows={report.days.map((d) => [dmy(d.day), baht(d.deposits), baht(d.withdrawals), baht(d.net)])}
        />
      </Section>
      <Section title={t('providers.title')} section="providers" from={from} to={to}>
        {report.providers.length > 0 && (
          <SvgBars
            title={t('providers.title')}
            colors={[OUT, IN]}
            groups={report.providers.map((p) => ({
              label: p.game.toUpperCase(),
              values: [Number(p.toGame), Number(p.fromGame)],
            }))}
          />
        )}
        <Table
          label={t('providers.title')}
          empty={t('providers.empty')}
          head={[
            t('providers.game'),
            t('providers.toGame'),
            t('providers.fromGame'),
            t('providers.net'),
            t('providers.count'),
            t('providers.bets'),
            t('providers.stakes'),
            t('providers.payouts'),
            t('providers.winLoss'),
          ]}
          rows={report.providers.map((p) => [
            p.game.toUpperCase(),
            baht(p.toGame),
            baht(p.fromGame),
            baht(p.net),
            p.count,
            p.bets,
            baht(p.stakes),
            baht(p.payouts),
            baht(p.winLoss),
          ])}
        />
      </Section>
      <Section title={t('channels.title')} section="channels" from={from} to={to}>
        {report.channels.length > 0 && (
          <SvgBars
            title={t('channels.title')}
            colors={[NEUTRAL]}
            groups={report.channels.map((c) => ({ label: channelName(c.channel), values: [Number(c.amount)] }))}
          />
        )}
        <Table
          label={t('channels.title')}
          empty={t('channels.empty')}
          head={[t('channels.channel'), t('channels.amount'), t('channels.count')]}
          rows={report.channels.map((c) => [channelName(c.channel), baht(c.amount), c.count])}
        />
      </Section>
      <Section title={t('operators.title')} section="operators" from={from} to={to}>
        <Table
          label={t('operators.title')}
          empty={t('operators.empty')}
          head={[
            t('operators.operator'),
            t('operators.actions'),
            t('operators.approvals'),
            t('operators.decided'),
            t('operators.mean'),
          ]}
          rows={report.operators.map((o) => [
            o.operator,
            o.actions,
            o.approvals,
            o.withdrawalsDecided,
            o.meanDecisionSeconds === null
              ? '—'
              : t('operators.minutes', { count: Math.round(o.meanDecisionSeconds / 60) }),
          ])}
        />
      </Section>
    </div>
  );
}
