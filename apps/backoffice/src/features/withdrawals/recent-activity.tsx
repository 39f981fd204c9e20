import type { AdminWithdrawalRow } from '@wallet/contract/admin/withdrawals';
import { formatMoney } from '@wallet/web-core/format';
import { useTranslation } from 'react-i18next';

/** The member's recent deposits, game transfers and other withdrawals, beside the one under review. */
export function RecentActivity({ context }: { context: AdminWithdrawalRow['context'] }) {
  const { t } = useTranslation('withdrawals');
  const deposits = context.recentDeposits.filter((d) => d.status === 'credited' || d.status === 'review');
  if (context.recentTransfers.length === 0 && context.recentWithdrawals.length <= 1 && deposits.length === 0) {
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
      {context.recentWithdrawals.length > 1 && (
        <li>{t('recent.withdrawals', { count: context.recentWithdrawals.length - 1 })}</li>
      )}
    </ul>
  );
}
