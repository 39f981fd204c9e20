import { adminApi } from '@wallet/contract/admin/admin-api';
import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '@wallet/web-core/format';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../lib/api.ts';
import { bangkokDay } from '../../lib/bangkok.ts';

/** Today's credited deposits (Bangkok day) and the review queue, beside the page title. */
export function DepositSummary() {
  const { t } = useTranslation('deposits');
  const summary = useQuery({
    queryKey: ['admin', 'deposits', 'summary'],
    queryFn: () => adminCall(adminApi.deposits.summary),
    refetchInterval: 30_000,
  });
  if (!summary.data) return null;
  const today = summary.data.days.filter((d) => d.day === bangkokDay());
  return (
    <div className="flex flex-col items-start gap-0.5 text-sm" data-testid="deposits-summary">
      {today.length === 0 && <span className="text-muted">{t('summary.todayNone')}</span>}
      {today.map((d) => (
        <span key={d.currency} className="font-semibold text-success tabular-nums">
          {t('summary.today', { amount: formatMoney(d.amount), currency: d.currency, count: d.count })}
        </span>
      ))}
      {summary.data.inReview > 0 && (
        <span className="font-semibold text-warning">{t('summary.inReview', { count: summary.data.inReview })}</span>
      )}
    </div>
  );
}
