import type { WithdrawalRisk } from '@wallet/contract/admin/withdrawals';
import { formatAccountNumber } from '@wallet/web-core/format-account-number';
import { formatDateTime, formatMoney } from '@wallet/web-core/format';
import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

type Tone = 'danger' | 'warning';
const TONES: Record<Tone, string> = {
  danger: 'bg-danger/10 text-danger ring-danger/30',
  warning: 'bg-warning/10 text-warning ring-warning/30',
};

/** One risk signal: a coloured box with a headline and its detail. */
function Signal({
  tone,
  title,
  children,
  testId,
}: {
  tone: Tone;
  title: ReactNode;
  children?: ReactNode;
  testId: string;
}) {
  return (
    <div className={clsx('rounded-xl px-3 py-2 text-sm ring-1 ring-inset', TONES[tone])} data-testid={testId}>
      <p className="font-semibold">{title}</p>
      {children && <div className="mt-0.5 text-fg/85">{children}</div>}
    </div>
  );
}

/** A short list of recent moves with its heading (or "none"). */
function Moves({ title, items, testId }: { title: string; items: ReactNode[]; testId: string }) {
  const { t } = useTranslation('withdrawals');
  return (
    <section data-testid={testId} className="min-w-0">
      <h3 className="text-xs font-semibold tracking-wide text-muted uppercase">{title}</h3>
      {items.length === 0 ? (
        <p className="mt-1 text-xs text-subtle">{t('risk.none')}</p>
      ) : (
        <ul className="mt-1 flex flex-col gap-0.5 text-xs tabular-nums">{items}</ul>
      )}
    </section>
  );
}

const account = (a: { bankCode: string; bankAccountNo: string } | null) =>
  a ? `${a.bankCode} ${formatAccountNumber(a.bankAccountNo)}` : '—';

/**
 * What a person weighs before paying a member out (the approve dialog): the payout hold and the flag with who set
 * them and why, a running promotion condition, payout-account changes and their cooling period, recent money moves.
 */
export function RiskContext({ risk }: { risk: WithdrawalRisk }) {
  const { t } = useTranslation('withdrawals');
  const { flags, activity } = risk;
  const others = activity.recentWithdrawals.filter((w) => w.createdAt !== risk.withdrawal.createdAt);
  const isClear =
    !flags.payoutHold &&
    !flags.flagged &&
    !risk.conditionRunning &&
    !risk.coolingUntil &&
    risk.accountChanges.length === 0;
  return (
    <div className="flex flex-col gap-2" data-testid="risk-context">
      {flags.payoutHold && (
        <Signal tone="danger" title={t('risk.hold')} testId="risk-hold">
          <p>{t('risk.markBy', { reason: flags.holdReason, by: flags.holdBy, at: formatDateTime(flags.holdAt) })}</p>
          <p className="mt-1">
            {t('risk.holdRefused')}{' '}
            <Link to={`/members/${risk.withdrawal.memberId}`} className="font-semibold underline">
              {t('risk.openMember')}
            </Link>
          </p>
        </Signal>
      )}
      {flags.flagged && (
        <Signal tone="warning" title={t('risk.flagged')} testId="risk-flag">
          {t('risk.markBy', { reason: flags.flagReason, by: flags.flaggedBy, at: formatDateTime(flags.flaggedAt) })}
        </Signal>
      )}
      {risk.conditionRunning && <Signal tone="warning" title={t('risk.condition')} testId="risk-condition" />}
      {(risk.coolingUntil || risk.accountChanges.length > 0) && (
        <Signal
          tone="warning"
          title={risk.coolingUntil ? t('risk.cooling', { at: formatDateTime(risk.coolingUntil) }) : t('risk.changes')}
          testId="risk-account-changes"
        >
          <ul className="flex flex-col gap-0.5 tabular-nums">
            {risk.accountChanges.map((c) => (
              <li key={c.at}>
                {formatDateTime(c.at)} · {account(c.before)} → {account(c.after)}
              </li>
            ))}
          </ul>
        </Signal>
      )}
      {isClear && (
        <p
          className="rounded-xl bg-success/10 px-3 py-2 text-sm font-medium text-success ring-1 ring-success/30 ring-inset"
          data-testid="risk-clear"
        >
          {t('risk.clear')}
        </p>
      )}
      <div className="grid gap-3 rounded-xl bg-surface p-3 ring-1 ring-line sm:grid-cols-3">
        <Moves
          title={t('risk.deposits')}
          testId="risk-deposits"
          items={activity.recentDeposits.slice(0, 4).map((d) => (
            <li key={`${d.createdAt}-${d.channel}`}>
              +{formatMoney(d.amount)}{' '}
              <span className="text-muted">
                {t(`recent.channel.${d.channel}`, { defaultValue: d.channel })} ·{' '}
                {t(`risk.depositStatus.${d.status}`, { defaultValue: d.status })}
              </span>
            </li>
          ))}
        />
        <Moves
          title={t('risk.transfers')}
          testId="risk-transfers"
          items={activity.recentTransfers.slice(0, 4).map((m) => (
            <li key={`${m.createdAt}-${m.game}`}>
              {t(m.direction === 'to_game' ? 'recent.toGame' : 'recent.fromGame', { game: m.game })}{' '}
              {formatMoney(m.amount)}
            </li>
          ))}
        />
        <Moves
          title={t('risk.withdrawals')}
          testId="risk-withdrawals"
          items={others.slice(0, 4).map((w) => (
            <li key={w.createdAt}>
              {formatMoney(w.amount)}{' '}
              <span className="text-muted">{t(`status.${w.status}`, { defaultValue: w.status })}</span>
            </li>
          ))}
        />
      </div>
    </div>
  );
}
