import { adminApi } from '@wallet/contract/admin/admin-api';
import type { AdminPromotion } from '@wallet/contract/admin/promotions';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { Button } from '@wallet/ui/button';
import { formatDateTime, formatMoney } from '@wallet/web-core/format';
import { notify } from '@wallet/web-core/toast';
import { clsx } from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { EmptyRows } from '../../components/states.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { adminCall } from '../../lib/api.ts';
import { draftOf, promotionState } from './promotion-draft.ts';
import { PROMOTIONS_KEY } from './promotions-key.ts';
import { StateBadge } from './state-badge.tsx';

const KINDS = ['all', 'bonus', 'code'] as const;
const column = createColumnHelper<AdminPromotion>();

/** Every bonus and promotion code: what it gives, its rule, schedule and state; open one, or switch it on or off. */
export function PromotionList() {
  const { t, i18n } = useTranslation('promotions');
  const lang = i18n.language === 'en' ? 'en' : 'th';
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const kind = KINDS.find((k) => k === search.get('kind')) ?? 'all';
  const [toggling, setToggling] = useState<AdminPromotion | null>(null);
  const query = useQuery({ queryKey: PROMOTIONS_KEY, queryFn: () => adminCall(adminApi.promotions.list) });
  const all = query.data?.promotions ?? [];
  const rows = kind === 'all' ? all : all.filter((p) => p.kind === kind);
  const [now] = useState(() => Date.now());

  const columns = [
    column.accessor('code', {
      header: t('list.promotion'),
      cell: ({ row: { original: p } }) => (
        <Link to={String(p.id)} className="group flex items-center gap-3" data-testid={`promotion-${p.code}`}>
          {p.banners[0]?.image ? (
            <img
              src={p.banners[0].image}
              alt=""
              className="h-10 w-20 shrink-0 rounded-lg object-cover ring-1 ring-line"
            />
          ) : (
            <span className="flex h-10 w-20 shrink-0 items-center justify-center rounded-lg bg-bg text-xs text-subtle ring-1 ring-line">
              {t('list.noBanner')}
            </span>
          )}
          <span className="min-w-0">
            <span className="block max-w-52 truncate font-semibold text-fg group-hover:text-primary">
              {p.name[lang]}
            </span>
            <span className="flex items-center gap-2">
              <span className="font-mono text-xs text-muted">{p.code}</span>
              {p.kind === 'code' && <StatusBadge tone="info">{t('kind.code')}</StatusBadge>}
            </span>
          </span>
        </Link>
      ),
    }),
    column.display({
      id: 'limit',
      header: t('list.limit'),
      cell: ({ row: { original: p } }) => (
        <span className="whitespace-nowrap">{t(`summary.limit.${p.type}`, { count: p.maxReceived })}</span>
      ),
    }),
    column.display({
      id: 'reward',
      header: t('list.reward'),
      cell: ({ row: { original: p } }) => (
        <span className="text-sm leading-tight">
          <span className="block font-semibold whitespace-nowrap">
            {p.percent > 0
              ? t('list.percentReward', { percent: p.percent, max: formatMoney(p.maxAmount) })
              : t('list.fixedReward', { amount: formatMoney(p.maxAmount) })}
          </span>
          <span className="text-xs text-muted">
            {p.minDeposit > 0 ? t('list.minDeposit', { amount: formatMoney(p.minDeposit) }) : t('list.anyDeposit')}
          </span>
        </span>
      ),
    }),
    column.display({
      id: 'rule',
      header: t('list.rule'),
      cell: ({ row: { original: p } }) => (
        <span className="text-sm leading-tight">
          <span className="block whitespace-nowrap">
            {p.successRule === 'turnover'
              ? t('summary.turnover', { multiple: p.turnoverMultiple })
              : t('summary.credit', { percent: p.successPercent })}
          </span>
          <span className="text-xs text-muted">{t('summary.failBelow', { percent: p.percentFail })}</span>
        </span>
      ),
    }),
    column.accessor('claims', {
      header: t('list.claims'),
      meta: { align: 'right' },
      cell: (c) => <span className="tabular-nums">{c.getValue().toLocaleString('en-US')}</span>,
    }),
    column.display({
      id: 'state',
      header: t('list.stateSchedule'),
      cell: ({ row: { original: p } }) => (
        <span className="flex flex-col items-start gap-1">
          <StateBadge state={promotionState(p, now)} />
          <span className="text-xs leading-tight whitespace-nowrap text-muted tabular-nums">
            {p.startsAt || p.endsAt ? (
              <>
                <span className="block">{p.startsAt ? formatDateTime(p.startsAt) : t('list.anytime')}</span>
                <span className="block">→ {p.endsAt ? formatDateTime(p.endsAt) : t('list.noEnd')}</span>
              </>
            ) : (
              t('list.always')
            )}
          </span>
        </span>
      ),
    }),
    column.display({
      id: 'actions',
      header: '',
      meta: { align: 'right' },
      cell: ({ row: { original: p } }) => (
        <div className="flex justify-end gap-1">
          <Button size="sm" variant="secondary" onClick={() => setToggling(p)} data-testid={`toggle-${p.code}`}>
            {p.isActive ? t('list.disable') : t('list.enable')}
          </Button>
        </div>
      ),
    }),
  ];

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button onClick={() => void navigate('new')} data-testid="promotion-new">
            {t('list.new')}
          </Button>
        }
      >
        <div role="tablist" aria-label={t('list.kind')} className="flex gap-1">
          {KINDS.map((k) => (
            <button
              key={k}
              type="button"
              role="tab"
              aria-selected={kind === k}
              onClick={() => setSearch(k === 'all' ? {} : { kind: k }, { replace: true })}
              className={clsx(
                'flex min-h-9 items-center gap-2 rounded-xl px-3 text-sm font-semibold ring-1 transition-colors ring-inset',
                kind === k ? 'bg-primary/12 text-primary ring-primary/30' : 'text-muted ring-line hover:text-fg',
              )}
            >
              {t(`list.filter.${k}`)}
              <span className="rounded-md bg-bg px-1.5 text-xs tabular-nums">
                {k === 'all' ? all.length : all.filter((p) => p.kind === k).length}
              </span>
            </button>
          ))}
        </div>
      </PageHeader>
      <DataTable
        label={t('title')}
        columns={columns}
        data={query.data && { rows, total: rows.length, page: 1, pageSize: Math.max(rows.length, 1) }}
        isLoading={query.isPending}
        isFetching={query.isFetching && !query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
        onPageChange={() => undefined}
        getRowId={(p) => String(p.id)}
        empty={
          <EmptyRows
            title={t('list.emptyTitle')}
            description={t('list.emptyBody')}
            action={
              <Link to="new" className="text-sm font-semibold text-primary hover:underline">
                {t('list.new')}
              </Link>
            }
          />
        }
      />
      {toggling && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setToggling(null)}
          tone={toggling.isActive ? 'danger' : 'primary'}
          title={t(toggling.isActive ? 'toggle.disableTitle' : 'toggle.enableTitle', { code: toggling.code })}
          description={t(toggling.isActive ? 'toggle.disableBody' : 'toggle.enableBody')}
          confirmLabel={toggling.isActive ? t('list.disable') : t('list.enable')}
          onConfirm={async () => {
            const body = { ...draftOf(toggling), isActive: !toggling.isActive };
            await adminCall(adminApi.promotions.update, { params: { id: toggling.id }, body });
            notify.success(t(body.isActive ? 'toggle.enabled' : 'toggle.disabled', { code: toggling.code }));
            await queryClient.invalidateQueries({ queryKey: PROMOTIONS_KEY });
          }}
        />
      )}
    </>
  );
}
