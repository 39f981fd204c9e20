import { adminApi } from '@wallet/contract/admin/admin-api';
import type { DayFigures } from '@wallet/contract/admin/reports';
import { MINOR_PER_MAJOR } from '@wallet/contract/limits';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@wallet/ui/button';
import { Card } from '@wallet/ui/card';
import { formatMoney } from '@wallet/web-core/format';
import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { ErrorState, LoadingState } from '../../components/states.tsx';
import { adminCall } from '../../lib/api.ts';
import { DailyChart } from '../../components/daily-chart.tsx';

const major = (minor: string) => Number(minor) / MINOR_PER_MAJOR;
/** where each queue lives in the console */
const QUEUE_PATHS: Record<string, string> = {
  adjustments: '/adjustments',
  withdrawals: '/withdrawals',
  deposits: '/deposits?status=review',
};

/** Today and the last 30 days in Bangkok time, from the ledger and the members (GET /api/admin/dashboard). */
export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const query = useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: () => adminCall(adminApi.reports.dashboard),
    refetchInterval: 60_000,
  });
  if (query.isPending) return <LoadingState />;
  if (query.error) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const { today, days, totals30, currency, pending } = query.data;

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description', { day: today.day })}
        actions={
          <Button size="sm" variant="secondary" onClick={() => void query.refetch()} isLoading={query.isFetching}>
            {t('refresh')}
          </Button>
        }
      />
      <section aria-label={t('queues')} className="mb-5 flex flex-wrap gap-3">
        {pending.map((q) => (
          <Link
            key={q.queue}
            to={QUEUE_PATHS[q.queue] ?? '/'}
            className={clsx(
              'flex min-w-56 items-center justify-between gap-4 rounded-2xl px-4 py-3 ring-1 transition-colors',
              q.count ? 'bg-warning/10 ring-warning/40 hover:bg-warning/15' : 'bg-surface ring-line hover:bg-surface-2',
            )}
            data-testid={`queue-${q.queue}`}
          >
            <span className="text-sm font-semibold text-fg">{t(`queue.${q.queue}`, { defaultValue: q.queue })}</span>
            <span className="text-2xl font-bold tabular-nums">{q.count ?? '—'}</span>
          </Link>
        ))}
      </section>

      <div className="grid gap-4 xl:grid-cols-2">
        <FiguresCard title={t('today')} figures={today} currency={currency} />
        <FiguresCard title={t('last30')} figures={totals30} currency={currency} activeHint={t('activeSumHint')} />
      </div>

      <div className="mt-4 grid gap-4 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Card title={t('chart.money', { currency })}>
          <DailyChart
            days={days.map((d) => d.day)}
            height={260}
            dayLabel={t('day')}
            series={[
              { label: t('deposits'), color: '#22c55e', values: days.map((d) => major(d.deposits)), kind: 'bars' },
              {
                label: t('withdrawals'),
                color: '#f0526b',
                values: days.map((d) => major(d.withdrawals)),
                kind: 'bars',
              },
              { label: t('net'), color: '#f5c451', values: days.map((d) => major(d.net)), kind: 'line' },
            ]}
          />
        </Card>
        <Card title={t('chart.members')}>
          <DailyChart
            days={days.map((d) => d.day)}
            height={260}
            dayLabel={t('day')}
            isCount
            series={[
              { label: t('newMembers'), color: '#38bdf8', values: days.map((d) => d.newMembers), kind: 'bars' },
              { label: t('activeMembers'), color: '#a78bfa', values: days.map((d) => d.activeMembers), kind: 'line' },
            ]}
          />
        </Card>
      </div>
      <p className="mt-3 text-xs text-muted">{t('source')}</p>
    </>
  );
}

function FiguresCard(props: {
  title: string;
  figures: Omit<DayFigures, 'day'>;
  currency: string;
  activeHint?: string;
}) {
  const { t } = useTranslation('dashboard');
  const { figures: f, currency } = props;
  const money = (label: string, minor: string, tone?: string) => (
    <div className="rounded-xl bg-bg px-3 py-2.5 ring-1 ring-line">
      <div className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</div>
      <div className={clsx('text-xl font-bold tabular-nums', tone)}>
        {formatMoney(major(minor))} <span className="text-xs font-semibold text-muted">{currency}</span>
      </div>
    </div>
  );
  const count = (label: string, value: number, hint?: string) => (
    <div className="rounded-xl bg-bg px-3 py-2.5 ring-1 ring-line" title={hint}>
      <div className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</div>
      <div className="text-xl font-bold tabular-nums">{value.toLocaleString('en-US')}</div>
    </div>
  );
  const net = major(f.net);
  return (
    <Card title={props.title}>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3" data-testid={`figures-${props.title}`}>
        {money(t('deposits'), f.deposits, 'text-success')}
        {money(t('withdrawals'), f.withdrawals, 'text-danger')}
        {money(t('net'), f.net, net < 0 ? 'text-danger' : undefined)}
        {count(t('newMembers'), f.newMembers)}
        {count(t('activeMembers'), f.activeMembers, props.activeHint)}
      </div>
    </Card>
  );
}
