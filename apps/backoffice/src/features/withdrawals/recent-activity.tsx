import type { AdminWithdrawalRow } from '@wallet/contract/admin/withdrawals';
import { formatMoney } from '@wallet/web-core/format';
import { useTranslation } from 'react-i18next';

/**
 * The member's recent deposits, game transfers and earlier withdrawals, beside the one under review (`createdAt`):
 * only withdrawals asked before it count as earlier (the first of two has none).
 */
export function RecentActivity({ context, createdAt }: { context: AdminWithdrawalRow['context']; createdAt: string }) {
  const { t } = useTranslation('withdrawals');
  const deposits = context.recentDeposits.filter((d) => d.status === 'credited' || d.status === 'review');
  const earlier = context.recentWithdrawals.filter((w) => Date.parse(w.createdAt) < Date.parse(createdAt)).length;
  if (context.recentTransfers.length === 0 && earlier === 0 && deposits.length === 0) {
    return <span className="text-xs text-subtle">{t('recent.none')}</span>;
  }
  return (
    <ul className="flex max-w-64 flex-col gap-0.5 text-xs text-muted">
      {deposits.slice(0, 3).map((d) => (
        <li key={`${d.createdAt}-${d.channel}`} className="tabular-nums" data-testid="recent-deposit">
          {t('recent.deposit', { channel: t(`recent.channel.${d.channel}`, { defaultValue: d.channel }) })}{' '}
          {formatMoney(d.amount)}
          {d.status === 'review' ? ` · ${t('recent.depositReview')}` : ''}
        </li>
      ))}
      {context.recentTransfers.slice(0, 3).map((m) => (
        <li key={`${m.createdAt}-${m.game}`} className="tabular-nums">
          {t(m.direction === 'to_game' ? 'recent.toGame' : 'recent.fromGame', { game: m.game })} {formatMoney(m.amount)}{' '}
          · {t(`recent.transfer.${m.status}`, { defaultValue: m.status })}
        </li>
      ))}
      {earlier > 0 && <li data-testid="recent-earlier">{t('recent.withdrawals', { count: earlier })}</li>}
    </ul>
  );
}
