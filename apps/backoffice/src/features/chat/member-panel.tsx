import type { adminApi } from '@wallet/contract/admin/admin-api';
import type { ResponseOf } from '@wallet/contract/endpoint';
import { formatDateTime, formatMoney } from '@wallet/web-core/format';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../components/status-badge.tsx';

type Member = NonNullable<ResponseOf<typeof adminApi.chat.conversation>['member']>;

const WITHDRAWAL_TONE: Record<string, 'success' | 'danger' | 'warning'> = {
  paid: 'success',
  rejected: 'danger',
  payout_failed: 'danger',
};

/**
 * The member beside the conversation (Chatwoot's contact panel): wallet balance, the latest withdrawals and
 * whether a promotion condition runs. Deposits are not listed: the deposits module has no read function for other
 * modules yet.
 */
export function MemberPanel({ member }: { member: Member }) {
  const { t } = useTranslation('chat');
  return (
    <dl className="grid gap-3 text-sm">
      <div>
        <dt className="text-subtle">{member.name}</dt>
        <dd className="text-muted">#{member.id}</dd>
      </div>
      <div>
        <dt className="text-subtle">{t('phone')}</dt>
        <dd className="font-mono text-fg">{member.username}</dd>
      </div>
      <div>
        <dt className="text-subtle">{t('balance')}</dt>
        <dd className="text-lg font-bold text-fg tabular-nums" data-testid="chat-balance">
          {member.balance === null ? '—' : `${formatMoney(Number(member.balance) / 100)} ${member.currency}`}
        </dd>
      </div>
      <div>
        <dt className="text-subtle">{t('condition')}</dt>
        <dd className="text-fg" data-testid="chat-condition">
          {member.conditionRunning ? t('conditionRunning') : t('conditionNone')}
        </dd>
      </div>
      <div>
        <dt className="text-subtle">{t('withdrawals')}</dt>
        <dd>
          {member.withdrawals.length === 0 ? (
            <span className="text-muted">{t('noWithdrawals')}</span>
          ) : (
            <ul className="mt-1 grid gap-1.5" data-testid="chat-withdrawals">
              {member.withdrawals.map((w) => (
                <li key={w.id} className="flex items-center gap-2">
                  <span className="font-semibold text-fg tabular-nums">{formatMoney(w.amount)}</span>
                  <StatusBadge tone={WITHDRAWAL_TONE[w.status] ?? 'warning'}>
                    {t(`withdrawalStatus.${w.status}`)}
                  </StatusBadge>
                  <span className="ml-auto text-xs text-subtle">{formatDateTime(w.createdAt)}</span>
                </li>
              ))}
            </ul>
          )}
        </dd>
      </div>
      <div>
        <dt className="text-subtle">{t('deposits')}</dt>
        <dd className="text-xs text-muted">{t('depositsLater')}</dd>
      </div>
      <div>
        <dt className="text-subtle">{t('joined')}</dt>
        <dd className="text-fg">{formatDateTime(member.createdAt)}</dd>
      </div>
    </dl>
  );
}
