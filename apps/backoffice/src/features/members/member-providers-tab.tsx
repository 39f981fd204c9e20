import { adminApi } from '@wallet/contract/admin/admin-api';
import type { ProviderActivity } from '@wallet/contract/admin/member360';
import { createColumnHelper } from '@tanstack/react-table';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table.tsx';
import { DateRangeFilter } from '../../components/date-range-filter.tsx';
import { MoneyCell } from '../../components/money-cell.tsx';
import { EmptyRows, ErrorState, LoadingState } from '../../components/states.tsx';
import { adminCall } from '../../lib/api.ts';
import { useListParams } from '../../lib/use-list-params.ts';

const column = createColumnHelper<ProviderActivity>();

/**
 * Bets and P/L per provider (docs/decisions/0034-member-360-and-exports.md): the stored bets of each game (stakes,
 * payouts, win/loss) beside the settled transfers into and out of it, in the page's Bangkok date range.
 */
export function ProvidersTab({ memberId, currency }: { memberId: number; currency: string }) {
  const { t } = useTranslation('members');
  const list = useListParams();
  const range = {
    ...(list.query.from ? { from: list.query.from } : {}),
    ...(list.query.to ? { to: list.query.to } : {}),
  };
  const query = useQuery({
    queryKey: ['admin', 'member', memberId, 'providers', range],
    queryFn: () => adminCall(adminApi.member360.providers, { params: { id: memberId }, query: range }),
  });
  const money = (key: 'stake' | 'payout' | 'winLoss' | 'transferredIn' | 'transferredOut' | 'net', signed = false) =>
    column.accessor(key, {
      header: t(`providers.${key}`),
      meta: { align: 'right' },
      cell: (c) => <MoneyCell amount={c.getValue()} currency={currency} isSigned={signed} />,
    });
  const columns = [
    column.accessor('game', {
      header: t('providers.game'),
      cell: (c) => <span className="font-semibold uppercase">{c.getValue()}</span>,
    }),
    column.accessor('bets', {
      header: t('providers.bets'),
      meta: { align: 'right' },
      cell: (c) => <span className="block text-right tabular-nums">{c.getValue().toLocaleString('en-US')}</span>,
    }),
    money('stake'),
    money('payout'),
    money('winLoss', true),
    money('transferredIn'),
    money('transferredOut'),
    money('net', true),
  ];
  return (
    <>
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <p className="max-w-2xl text-sm text-muted">{t('providers.hint')}</p>
        <DateRangeFilter value={list.days} onChange={list.setDays} />
      </div>
      {query.isPending ? (
        <LoadingState />
      ) : query.error ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <DataTable
          label={t('tabs.providers')}
          columns={columns}
          data={{ rows: query.data.rows, total: query.data.rows.length, page: 1, pageSize: 100 }}
          onPageChange={() => undefined}
          getRowId={(r) => r.game}
          empty={<EmptyRows title={t('providers.empty')} />}
        />
      )}
    </>
  );
}
