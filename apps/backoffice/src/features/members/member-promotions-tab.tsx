import { adminApi } from '@wallet/contract/admin/admin-api';
import type { AdminCondition } from '@wallet/contract/admin/promotions';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '@wallet/ui/button';
import { EmptyState } from '@wallet/ui/empty-state';
import { formatDateTime, formatMoney } from '@wallet/web-core/format';
import { notify } from '@wallet/web-core/toast';
import { clsx } from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { ErrorState, LoadingState } from '../../components/states.tsx';
import { StatusBadge, type BadgeTone } from '../../components/status-badge.tsx';
import { adminCall } from '../../lib/api.ts';

const TONES: Record<AdminCondition['status'], BadgeTone> = {
  running: 'info',
  success: 'success',
  fail: 'danger',
  cancelled: 'neutral',
};

/** How far a condition got, 0–100 (turnover made or balance now, against its target). */
export const progressPercent = (c: Pick<AdminCondition, 'progress' | 'target'>): number =>
  c.target > 0 ? Math.min(100, Math.max(0, (c.progress / c.target) * 100)) : 100;

/** The member's promotion conditions: the running one with its progress and a cancel, then the past ones. */
export function PromotionsTab({ memberId, currency }: { memberId: number; currency: string }) {
  const { t } = useTranslation('members');
  const queryClient = useQueryClient();
  const [cancelling, setCancelling] = useState<AdminCondition | null>(null);
  const key = ['admin', 'member', memberId, 'conditions'] as const;
  const query = useQuery({
    queryKey: key,
    queryFn: () => adminCall(adminApi.promotions.memberConditions, { params: { memberId } }),
  });
  if (query.isPending) return <LoadingState className="py-10" />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const running = query.data.conditions.filter((c) => c.status === 'running');
  const past = query.data.conditions.filter((c) => c.status !== 'running');
  if (running.length === 0 && past.length === 0) {
    return <EmptyState icon="gift" title={t('conditions.emptyTitle')} description={t('conditions.emptyBody')} />;
  }
  return (
    <div className="flex flex-col gap-5" data-testid="member-conditions">
      <section className="flex flex-col gap-3">
        <h3 className="text-sm font-semibold tracking-wide text-subtle uppercase">{t('conditions.running')}</h3>
        {running.length === 0 && (
          <p className="rounded-2xl bg-surface px-5 py-4 text-sm text-muted ring-1 ring-line">
            {t('conditions.noneRunning')}
          </p>
        )}
        {running.map((c) => (
          <ConditionCard key={c.id} condition={c} currency={currency} onCancel={() => setCancelling(c)} />
        ))}
      </section>
      {past.length > 0 && (
        <section className="flex flex-col gap-3">
          <h3 className="text-sm font-semibold tracking-wide text-subtle uppercase">{t('conditions.past')}</h3>
          {past.map((c) => (
            <ConditionCard key={c.id} condition={c} currency={currency} />
          ))}
        </section>
      )}
      {cancelling && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setCancelling(null)}
          tone="danger"
          title={t('conditions.cancelTitle')}
          description={t('conditions.cancelBody', { amount: formatMoney(cancelling.bonus), currency })}
          confirmLabel={t('conditions.cancel')}
          reason="required"
          onConfirm={async (reason) => {
            await adminCall(adminApi.promotions.cancelCondition, { params: { id: cancelling.id }, body: { reason } });
            notify.success(t('conditions.cancelled'));
            await queryClient.invalidateQueries({ queryKey: ['admin', 'member', memberId] });
          }}
        />
      )}
    </div>
  );
}

function ConditionCard(props: { condition: AdminCondition; currency: string; onCancel?: () => void }) {
  const { t } = useTranslation('members');
  const { condition: c, currency } = props;
  const percent = progressPercent(c);
  const money = (n: number) => `${formatMoney(n)} ${currency}`;
  return (
    <article
      className={clsx(
        'rounded-2xl bg-surface px-5 py-4 ring-1',
        c.status === 'running' ? 'ring-primary/40' : 'ring-line',
      )}
      data-testid={`condition-${c.id}`}
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-mono font-semibold text-fg">
              {c.promotionCode ?? t(`conditions.source.${c.source}`)}
            </span>
            <StatusBadge tone="neutral">{t(`conditions.source.${c.source}`)}</StatusBadge>
            <StatusBadge tone={TONES[c.status]}>{t(`conditions.status.${c.status}`)}</StatusBadge>
          </div>
          <p className="mt-1 text-sm text-muted">
            {c.successRule === 'turnover'
              ? t('conditions.turnoverRule', { target: money(c.target) })
              : t('conditions.creditRule', { target: money(c.target) })}{' '}
            · {t('conditions.failRule', { below: money(c.failBelow) })}
          </p>
        </div>
        {props.onCancel && (
          <Button size="sm" variant="danger" onClick={props.onCancel} data-testid={`cancel-condition-${c.id}`}>
            {t('conditions.cancel')}
          </Button>
        )}
      </header>
      <div className="mt-3">
        <div className="flex items-baseline justify-between gap-2 text-sm">
          <span className="text-muted">
            {t(c.successRule === 'turnover' ? 'conditions.turnoverMade' : 'conditions.balanceNow')}
          </span>
          <span className="font-semibold tabular-nums">
            {money(c.progress)} <span className="text-muted">/ {money(c.target)}</span>
            <span className="ml-2 text-primary">{Math.floor(percent)} %</span>
          </span>
        </div>
        <div
          role="progressbar"
          aria-label={t('conditions.progress')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(percent)}
          className="mt-1.5 h-2.5 overflow-hidden rounded-full bg-bg ring-1 ring-line"
        >
          <div
            className={clsx(
              'h-full rounded-full',
              c.status === 'fail' ? 'bg-danger' : c.status === 'cancelled' ? 'bg-subtle' : 'bg-primary',
            )}
            style={{ width: `${percent}%` }}
          />
        </div>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-xs sm:grid-cols-4">
        <Fact label={t('conditions.base')} value={money(c.base)} />
        <Fact label={t('conditions.bonus')} value={money(c.bonus)} />
        <Fact label={t('conditions.maxWithdraw')} value={c.maxWithdraw === null ? '—' : money(c.maxWithdraw)} />
        <Fact label={t('conditions.maxBet')} value={c.maxBet === null ? '—' : money(c.maxBet)} />
        {c.forfeited > 0 && <Fact label={t('conditions.forfeited')} value={money(c.forfeited)} />}
        <Fact label={t('conditions.started')} value={formatDateTime(c.startedAt)} />
        {c.endedAt && <Fact label={t('conditions.ended')} value={formatDateTime(c.endedAt)} />}
        {c.endReason && <Fact label={t('conditions.endReason')} value={c.endReason} wide />}
      </dl>
      <OverMaxBets condition={c} money={money} />
    </article>
  );
}

/** Bets above the condition's max bet, which did not count toward its turnover (docs/decisions/0020). */
function OverMaxBets({ condition: c, money }: { condition: AdminCondition; money: (n: number) => string }) {
  const { t } = useTranslation('members');
  if (c.maxBet === null || c.overMaxBets.count === 0) return null;
  return (
    <div className="mt-3 rounded-xl bg-warning/10 px-3 py-2 text-xs" data-testid={`over-max-bets-${c.id}`}>
      <p className="font-semibold text-fg">
        {t('conditions.overMaxBets', {
          count: c.overMaxBets.count,
          stake: money(c.overMaxBets.stake),
          maxBet: money(c.maxBet),
        })}
      </p>
      <ul className="mt-1 flex flex-col gap-0.5 tabular-nums">
        {c.overMaxBets.latest.map((bet) => (
          <li key={`${bet.game}-${bet.betId}`} className="grid grid-cols-[5rem_1fr_auto] gap-2">
            <span className="font-mono uppercase">{bet.game}</span>
            <span className="text-muted">
              {formatDateTime(bet.placedAt)} · {bet.betId}
            </span>
            <span className="font-semibold">{money(bet.stake)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Fact({ label, value, wide = false }: { label: string; value: string; wide?: boolean }) {
  return (
    <div className={clsx(wide && 'col-span-2')}>
      <dt className="text-subtle">{label}</dt>
      <dd className="text-fg tabular-nums">{value}</dd>
    </div>
  );
}
