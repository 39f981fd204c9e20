import type { adminApi } from '@wallet/contract/admin/admin-api';
import type { ResponseOf } from '@wallet/contract/endpoint';
import { formatDateTime, formatMoney } from '@wallet/web-core/format';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusBadge } from '../../components/status-badge.tsx';

type Member = NonNullable<ResponseOf<typeof adminApi.chat.conversation>['member']>;

type Tone = 'success' | 'danger' | 'warning';
const WITHDRAWAL_TONE: Record<string, Tone> = { paid: 'success', rejected: 'danger', payout_failed: 'danger' };
const DEPOSIT_TONE: Record<string, Tone> = { credited: 'success', rejected: 'danger', failed: 'danger' };

/** One deposit or withdrawal line: amount, a status badge, when. */
function MoveRow(props: { amount: number; label?: string; tone: Tone; status: string; createdAt: string }) {
  return (
    <li className="flex items-center gap-2">
      <span className="font-semibold text-fg tabular-nums">{formatMoney(props.amount)}</span>
      {props.label ? <span className="text-xs text-muted">{props.label}</span> : null}
      <StatusBadge tone={props.tone}>{props.status}</StatusBadge>
      <span className="ml-auto text-xs text-subtle">{formatDateTime(props.createdAt)}</span>
    </li>
  );
}

/**
 * The member beside the conversation (Chatwoot's contact panel): wallet balance, whether a promotion condition
 * runs, the latest deposits and withdrawals.
 */
export function MemberPanel({ member }: { member: Member }) {
  const { t } = useTranslation('chat');
  return (
    <dl className="grid gap-3 text-sm">
      <div>
        <dt className="text-subtle">{member.name}</dt>
        <dd className="flex items-center gap-2 text-muted">
          #{member.id}
          <Link
            to={`/members/${member.id}`}
            className="text-xs font-semibold text-primary hover:underline"
            data-testid="chat-member-link"
          >
            {t('openMember')}
          </Link>
        </dd>
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
        <dt className="text-subtle">{t('deposits')}</dt>
        <dd>
          {member.deposits.length === 0 ? (
            <span className="text-muted">{t('noDeposits')}</span>
          ) : (
            <ul className="mt-1 grid gap-1.5" data-testid="chat-deposits">
              {member.deposits.map((d) => (
                <MoveRow
                  key={d.id}
                  amount={d.amount}
                  label={t(`depositChannel.${d.channel}`)}
                  tone={DEPOSIT_TONE[d.status] ?? 'warning'}
                  status={t(`depositStatus.${d.status}`)}
                  createdAt={d.createdAt}
                />
              ))}
            </ul>
          )}
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
                <MoveRow
                  key={w.id}
                  amount={w.amount}
                  tone={WITHDRAWAL_TONE[w.status] ?? 'warning'}
                  status={t(`withdrawalStatus.${w.status}`)}
                  createdAt={w.createdAt}
                />
              ))}
            </ul>
          )}
        </dd>
      </div>
      <div>
        <dt className="text-subtle">{t('joined')}</dt>
        <dd className="text-fg">{formatDateTime(member.createdAt)}</dd>
      </div>
    </dl>
  );
}
