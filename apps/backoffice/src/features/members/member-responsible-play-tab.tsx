import { adminApi } from '@wallet/contract/admin/admin-api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '@wallet/ui/button';
import { Card } from '@wallet/ui/card';
import { SelectField } from '@wallet/ui/select-field';
import { TextField } from '@wallet/ui/text-field';
import { formatDateTime, formatMoney } from '@wallet/web-core/format';
import { presentError } from '@wallet/web-core/present-error';
import { notify } from '@wallet/web-core/toast';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../components/states.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { adminCall } from '../../lib/api.ts';

const MONEY_KINDS = ['deposit_day', 'deposit_week', 'deposit_month', 'loss_day', 'loss_week', 'loss_month'] as const;
type MoneyKind = (typeof MONEY_KINDS)[number];

/**
 * The member's responsible-play limits and running break (docs/responsible-play.md §5). Operators only tighten: a
 * lower limit, or a break that ends later; the server refuses anything else (LIMIT_TIGHTEN_ONLY) and audits each.
 */
export function ResponsiblePlayTab({ memberId, currency }: { memberId: number; currency: string }) {
  const { t } = useTranslation('members');
  const queryClient = useQueryClient();
  const key = ['admin', 'member', memberId, 'responsible-play'];
  const query = useQuery({
    queryKey: key,
    queryFn: () => adminCall(adminApi.responsiblePlay.get, { params: { id: memberId } }),
  });
  const [kind, setKind] = useState<MoneyKind>('deposit_day');
  const [amount, setAmount] = useState('');
  const [breakKind, setBreakKind] = useState<'cooling_off' | 'self_exclusion'>('cooling_off');
  const [length, setLength] = useState('');
  const [reason, setReason] = useState('');
  const onDone = (view: unknown) => {
    queryClient.setQueryData(key, view);
    notify.success(t('rp.done'));
    setAmount('');
    setLength('');
  };
  const onError = (err: unknown) => presentError(err, { as: 'toast' });
  const tighten = useMutation({
    mutationFn: () =>
      adminCall(adminApi.responsiblePlay.setLimit, {
        params: { id: memberId },
        body: { kind, value: Number(amount), reason },
      }),
    onSuccess: onDone,
    onError,
  });
  const startBreak = useMutation({
    mutationFn: () =>
      adminCall(adminApi.responsiblePlay.startBreak, {
        params: { id: memberId },
        body:
          breakKind === 'cooling_off'
            ? { kind: breakKind, days: Number(length), reason }
            : { kind: breakKind, months: Number(length), reason },
      }),
    onSuccess: onDone,
    onError,
  });
  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const view = query.data;
  const money = (value: number | null) => (value === null ? t('rp.none') : `${formatMoney(value)} ${currency}`);
  const isReasonOk = reason.trim().length >= 3;

  return (
    <div className="grid gap-4 lg:grid-cols-2" data-testid="slot-responsible-play">
      <Card title={t('rp.limits')} padding="md">
        {view.break && (
          <p className="mb-3" data-testid="rp-admin-break">
            <StatusBadge tone="warning">{t(`rp.break.${view.break.kind}`)}</StatusBadge>{' '}
            {t('rp.until', { at: formatDateTime(view.break.until) })}
          </p>
        )}
        <table className="w-full text-sm">
          <thead className="text-left text-muted">
            <tr>
              <th className="py-1 font-semibold">{t('rp.kind')}</th>
              <th className="py-1 text-right font-semibold">{t('rp.value')}</th>
              <th className="py-1 text-right font-semibold">{t('rp.used')}</th>
              <th className="py-1 pl-3 font-semibold">{t('rp.pending')}</th>
            </tr>
          </thead>
          <tbody>
            {view.limits
              .filter((l) => l.kind !== 'reality_check')
              .map((l) => (
                <tr key={l.kind} className="border-t border-line" data-testid={`rp-admin-${l.kind}`}>
                  <td className="py-1.5">{t(`rp.kinds.${l.kind}`)}</td>
                  <td className="py-1.5 text-right tabular-nums">{money(l.value)}</td>
                  <td className="py-1.5 text-right tabular-nums">{money(l.used)}</td>
                  <td className="py-1.5 pl-3 text-muted">
                    {l.pending ? `${money(l.pending.value)} · ${formatDateTime(l.pending.effectiveAt)}` : '—'}
                  </td>
                </tr>
              ))}
          </tbody>
        </table>
      </Card>
      <Card title={t('rp.tighten')} padding="md">
        <div className="flex flex-col gap-3">
          <p className="text-sm text-muted">{t('rp.tightenOnly')}</p>
          <TextField
            label={t('rp.reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            data-testid="rp-admin-reason"
          />
          <div className="flex flex-wrap items-end gap-2">
            <SelectField
              label={t('rp.kind')}
              value={kind}
              onChange={(e) => setKind(e.target.value as MoneyKind)}
              options={MONEY_KINDS.map((k) => ({ value: k, label: t(`rp.kinds.${k}`) }))}
              containerClassName="min-w-40 flex-1"
            />
            <TextField
              label={t('rp.amount')}
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value.trim())}
              containerClassName="w-36"
              data-testid="rp-admin-amount"
            />
            <Button
              onClick={() => tighten.mutate()}
              disabled={!isReasonOk || !(Number(amount) > 0) || tighten.isPending}
              data-testid="rp-admin-tighten"
            >
              {t('rp.lower')}
            </Button>
          </div>
          <div className="flex flex-wrap items-end gap-2">
            <SelectField
              label={t('rp.breakKind')}
              value={breakKind}
              onChange={(e) => setBreakKind(e.target.value as 'cooling_off' | 'self_exclusion')}
              options={[
                { value: 'cooling_off', label: t('rp.break.cooling_off') },
                { value: 'self_exclusion', label: t('rp.break.self_exclusion') },
              ]}
              containerClassName="min-w-40 flex-1"
            />
            <TextField
              label={t(breakKind === 'cooling_off' ? 'rp.days' : 'rp.months')}
              inputMode="numeric"
              value={length}
              onChange={(e) => setLength(e.target.value.trim())}
              containerClassName="w-36"
              data-testid="rp-admin-length"
            />
            <Button
              variant="danger"
              onClick={() => startBreak.mutate()}
              disabled={!isReasonOk || !(Number(length) > 0) || startBreak.isPending}
              data-testid="rp-admin-break-start"
            >
              {t('rp.startBreak')}
            </Button>
          </div>
        </div>
      </Card>
    </div>
  );
}
