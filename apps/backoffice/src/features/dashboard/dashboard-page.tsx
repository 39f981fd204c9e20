import { adminApi } from '@wallet/contract/admin/admin-api';
import type { QueueCounts } from '@wallet/contract/admin/queues';
import type { Breakdown, DayFigures } from '@wallet/contract/admin/reports';
import { MINOR_PER_MAJOR } from '@wallet/contract/limits';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@wallet/ui/button';
import { Card } from '@wallet/ui/card';
import { formatMinor } from '@wallet/web-core/format';
import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DailyChart } from '../../components/daily-chart.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { EmptyRows, ErrorState, LoadingState } from '../../components/states.tsx';
import { adminCall } from '../../lib/api.ts';
import { dayText } from '../../components/date-field.tsx';

const major = (minor: string) => Number(minor) / MINOR_PER_MAJOR;

/** Each queue by state, with where it lives in the console; `urgent` ones are tinted while they hold work. */
function queueTiles(q: QueueCounts) {
  return [
    {
      id: 'withdrawals-review',
      count: q.withdrawals.pending_review,
      to: '/withdrawals?status=pending_review',
      urgent: true,
    },
    {
      id: 'withdrawals-failed',
      count: q.withdrawals.payout_failed,
      to: '/withdrawals?status=payout_failed',
      urgent: true,
    },
    { id: 'withdrawals-approved', count: q.withdrawals.approved, to: '/withdrawals?status=approved', urgent: false },
    { id: 'withdrawals-paying', count: q.withdrawals.paying, to: '/withdrawals?status=paying', urgent: false },
    { id: 'deposits', count: q.deposits, to: '/deposits?status=review', urgent: true },
    { id: 'adjustments', count: q.adjustments, to: '/adjustments', urgent: true },
    { id: 'approvals', count: q.approvals, to: '/approvals', urgent: true },
    { id: 'chats', count: q.chats, to: '/chat', urgent: true },
  ];
}

/**
 * Today and the last 30 Bangkok days as the money really moved (deposits credited, withdrawals paid), the queues by
 * state (kept live by the operator socket), and money by deposit channel and game provider.
 */
export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const query = useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: () => adminCall(adminApi.reports.dashboard),
    refetchInterval: 60_000,
  });
  if (query.isPending) return <LoadingState />;
  if (query.error) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const { today, days, totals30, currency, queues, breakdown } = query.data;

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description', { day: dayText(today.day) })}
        actions={
          <Button size="sm" variant="secondary" onClick={() => void query.refetch()} isLoading={query.isFetching}>
            {t('refresh')}
          </Button>
        }
      />
      <section aria-label={t('queues')} className="mb-5 grid grid-cols-[repeat(auto-fill,minmax(13rem,1fr))] gap-3">
        {queueTiles(queues).map((q) => (
          <Link
            key={q.id}
            to={q.to}
            className={clsx(
              'flex items-center justify-between gap-3 rounded-2xl px-4 py-3 ring-1 transition-colors',
              q.urgent && q.count > 0
                ? 'bg-warning/10 ring-warning/40 hover:bg-warning/15'
                : 'bg-surface ring-line hover:bg-surface-2',
            )}
            data-testid={`queue-${q.id}`}
          >
            <span className="text-sm font-semibold text-fg">{t(`queue.${q.id}`)}</span>
            <span className="text-2xl font-bold tabular-nums">{q.count.toLocaleString('en-US')}</span>
          </Link>
        ))}
      </section>

      <div className="grid gap-4 xl:grid-cols-2">
        <FiguresCard id="today" title={t('today')} figures={today} currency={currency} />
        <FiguresCard
          id="last30"
          title={t('last30')}
          figures={totals30}
          currency={currency}
          activeHint={t('activeDistinctHint')}
        />
      </div>

      <div className="mt-4 grid gap-4 xl:grid-cols-2">
        <BreakdownCard title={t('breakdown.today')} breakdown={breakdown.today} currency={currency} id="today" />
        <BreakdownCard title={t('breakdown.last30')} breakdown={breakdown.days30} currency={currency} id="last30" />
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

/** An amount that never wraps: tabular digits, the unit beside it, the text shrinking on narrow tiles. */
function Amount({ minor, currency, tone }: { minor: string; currency: string; tone?: string | undefined }) {
  return (
    <span className={clsx('font-bold whitespace-nowrap tabular-nums', tone)}>
      {formatMinor(minor, currency)} <span className="text-xs font-semibold text-muted">{currency}</span>
    </span>
  );
}

function FiguresCard(props: {
  id: string;
  title: string;
  figures: Omit<DayFigures, 'day'>;
  currency: string;
  activeHint?: string;
}) {
  const { t } = useTranslation('dashboard');
  const { figures: f, currency } = props;
  const tile = (label: string, value: React.ReactNode, hint?: string) => (
    <div className="min-w-0 rounded-xl bg-bg px-3 py-2.5 ring-1 ring-line" title={hint}>
      <div className="truncate text-xs font-semibold tracking-wide text-muted uppercase">{label}</div>
      <div className="text-lg xl:text-xl">{value}</div>
    </div>
  );
  const count = (n: number) => <span className="font-bold tabular-nums">{n.toLocaleString('en-US')}</span>;
  return (
    <Card title={props.title}>
      <div className="grid grid-cols-[repeat(auto-fill,minmax(11rem,1fr))] gap-3" data-testid={`figures-${props.id}`}>
        {tile(t('deposits'), <Amount minor={f.deposits} currency={currency} tone="text-success" />, t('depositsHint'))}
        {tile(
          t('withdrawals'),
          <Amount minor={f.withdrawals} currency={currency} tone="text-danger" />,
          t('withdrawalsHint'),
        )}
        {tile(
          t('net'),
          <Amount minor={f.net} currency={currency} tone={BigInt(f.net) < 0n ? 'text-danger' : undefined} />,
        )}
        {tile(t('newMembers'), count(f.newMembers))}
        {tile(t('activeMembers'), count(f.activeMembers), props.activeHint)}
      </div>
    </Card>
  );
}

function BreakdownCard(props: { id: string; title: string; breakdown: Breakdown; currency: string }) {
  const { t } = useTranslation('dashboard');
  const { channels, providers } = props.breakdown;
  const head = 'px-2 py-1.5 text-left text-xs font-semibold tracking-wide text-muted uppercase';
  const cell = 'px-2 py-1.5 text-right';
  return (
    <Card title={props.title}>
      <div className="grid gap-4 md:grid-cols-2" data-testid={`breakdown-${props.id}`}>
        <div className="min-w-0">
          <h3 className="mb-1 text-sm font-semibold text-fg">{t('breakdown.channels')}</h3>
          {channels.length === 0 ? (
            <EmptyRows title={t('breakdown.none')} />
          ) : (
            <table className="w-full text-sm">
              <thead>
                <tr>
                  <th className={head}>{t('breakdown.channel')}</th>
                  <th className={clsx(head, 'text-right')}>{t('breakdown.count')}</th>
                  <th className={clsx(head, 'text-right')}>{t('deposits')}</th>
                </tr>
              </thead>
              <tbody>
                {channels.map((c) => (
                  <tr key={c.channel} className="border-t border-line">
                    <td className="px-2 py-1.5">{t(`channel.${c.channel}`, { defaultValue: c.channel })}</td>
                    <td className={clsx(cell, 'tabular-nums')}>{c.count.toLocaleString('en-US')}</td>
                    <td className={cell}>
                      <Amount minor={c.amount} currency={props.currency} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
        <div className="min-w-0">
          <h3 className="mb-1 text-sm font-semibold text-fg">{t('breakdown.providers')}</h3>
          {providers.length === 0 ? (
            <EmptyRows title={t('breakdown.none')} />
          ) : (
            <table className="w-full text-sm">
              <thead>
                <tr>
                  <th className={head}>{t('breakdown.provider')}</th>
                  <th className={clsx(head, 'text-right')}>{t('breakdown.toGame')}</th>
                  <th className={clsx(head, 'text-right')}>{t('breakdown.fromGame')}</th>
                </tr>
              </thead>
              <tbody>
                {providers.map((p) => (
                  <tr key={p.game} className="border-t border-line">
                    <td className="px-2 py-1.5 uppercase">{p.game}</td>
                    <td className={cell}>
                      <Amount minor={p.toGame} currency={props.currency} />
                    </td>
                    <td className={cell}>
                      <Amount minor={p.fromGame} currency={props.currency} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      </div>
    </Card>
  );
}
