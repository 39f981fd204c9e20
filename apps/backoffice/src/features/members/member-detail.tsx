import { adminApi } from '@wallet/contract/admin/admin-api';
import type { MemberDetail } from '@wallet/contract/admin/members';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '@wallet/ui/button';
import { Card } from '@wallet/ui/card';
import { formatAccountNumber } from '@wallet/web-core/format-account-number';
import { formatDateTime } from '@wallet/web-core/format';
import { notify } from '@wallet/web-core/toast';
import { clsx } from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { MoneyCell } from '../../components/money-cell.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ErrorState, LoadingState } from '../../components/states.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { adminCall } from '../../lib/api.ts';
import type { OperatorRole } from '@wallet/contract/admin/roles';
import { hasRole, useOperator } from '../../lib/operator.ts';
import { AdjustDialog } from './adjust-dialog.tsx';
import { MemberMarks } from './member-marks.tsx';
import { PromotionsTab } from './member-promotions-tab.tsx';
import { ChatsTab, DepositsTab, LinkedTab, NotesTab, WithdrawalsTab } from './member-360-tabs.tsx';
import { ProvidersTab } from './member-providers-tab.tsx';
import { AdjustmentsTab, AuditTab, LedgerTab, SessionsTab, TransfersTab } from './member-tabs.tsx';
import { major } from './money.ts';
import { ResponsiblePlayTab } from './member-responsible-play-tab.tsx';

type Action = 'deactivate' | 'reactivate' | 'flag' | 'unflag' | 'hold' | 'unhold' | 'adjust';
const TABS = [
  'ledger',
  'deposits',
  'withdrawals',
  'transfers',
  'providers',
  'promotions',
  'notes',
  'linked',
  'sessions',
  'chats',
  'adjustments',
  'responsiblePlay',
  'audit',
] as const;
type Tab = (typeof TABS)[number];
/** who sees a tab (the server checks the same roles) */
const TAB_ROLES: Partial<Record<Tab, OperatorRole[]>> = {
  deposits: ['finance'],
  withdrawals: ['finance'],
  promotions: ['marketing', 'admin'],
  chats: ['support', 'admin'],
  responsiblePlay: ['support', 'finance'],
};
const isTab = (value: string | null): value is Tab => (TABS as readonly string[]).includes(value ?? '');

export function MemberDetailPage() {
  const { t } = useTranslation('members');
  const id = Number(useParams().id);
  const me = useOperator();
  const isFinance = hasRole(me, 'finance');
  const queryClient = useQueryClient();
  const [action, setAction] = useState<Action | null>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const wanted = searchParams.get('tab');
  const tabs = TABS.filter((name) => !TAB_ROLES[name] || hasRole(me, ...TAB_ROLES[name]));
  const tab: Tab = isTab(wanted) && tabs.includes(wanted) ? wanted : 'ledger';
  const setTab = (next: Tab) => setSearchParams({ tab: next }, { replace: true });
  const key = ['admin', 'member', id] as const;
  const query = useQuery({
    queryKey: key,
    queryFn: () => adminCall(adminApi.members.detail, { params: { id } }),
    enabled: Number.isInteger(id) && id > 0,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin'] });

  if (query.isPending) return <LoadingState />;
  if (query.error) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const detail: MemberDetail = query.data;
  const { member, flags, balances } = detail;

  const confirm: Record<Exclude<Action, 'adjust'>, { run: (reason: string) => Promise<unknown>; danger: boolean }> = {
    deactivate: {
      danger: true,
      run: (reason) =>
        adminCall(adminApi.members.setStatus, { params: { id }, body: { status: 'inactive', reason } }).then((r) =>
          notify.success(t('done.deactivated', { count: r.revokedSessions })),
        ),
    },
    reactivate: {
      danger: false,
      run: (reason) =>
        adminCall(adminApi.members.setStatus, { params: { id }, body: { status: 'active', reason } }).then(() =>
          notify.success(t('done.reactivated')),
        ),
    },
    flag: {
      danger: true,
      run: (reason) => adminCall(adminApi.members.setFlag, { params: { id }, body: { flagged: true, reason } }),
    },
    unflag: {
      danger: false,
      run: (reason) => adminCall(adminApi.members.setFlag, { params: { id }, body: { flagged: false, reason } }),
    },
    hold: {
      danger: true,
      run: (reason) =>
        adminCall(adminApi.members.setPayoutHold, { params: { id }, body: { payoutHold: true, reason } }),
    },
    unhold: {
      danger: false,
      run: (reason) =>
        adminCall(adminApi.members.setPayoutHold, { params: { id }, body: { payoutHold: false, reason } }),
    },
  };
  const current = action && action !== 'adjust' ? confirm[action] : null;

  return (
    <>
      <nav className="mb-2 text-sm">
        <Link to=".." relative="path" className="text-muted hover:text-fg">
          ← {t('backToSearch')}
        </Link>
      </nav>
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-2">
            {member.name}
            <span className="font-mono text-lg font-semibold text-muted">#{member.id}</span>
            <StatusBadge tone={member.status === 'active' ? 'success' : 'danger'}>
              {t(`status.${member.status}`)}
            </StatusBadge>
            <MemberMarks member={member} />
          </span>
        }
        actions={
          <>
            {isFinance && (
              <Button size="sm" onClick={() => setAction('adjust')} data-testid="adjust-balance">
                {t('actions.adjust')}
              </Button>
            )}
            <Button size="sm" variant="secondary" onClick={() => setAction(flags.flagged ? 'unflag' : 'flag')}>
              {t(flags.flagged ? 'actions.unflag' : 'actions.flag')}
            </Button>
            {isFinance && (
              <Button size="sm" variant="secondary" onClick={() => setAction(flags.payoutHold ? 'unhold' : 'hold')}>
                {t(flags.payoutHold ? 'actions.unhold' : 'actions.hold')}
              </Button>
            )}
            <Button
              size="sm"
              variant={member.status === 'active' ? 'danger' : 'secondary'}
              onClick={() => setAction(member.status === 'active' ? 'deactivate' : 'reactivate')}
            >
              {t(member.status === 'active' ? 'actions.deactivate' : 'actions.reactivate')}
            </Button>
          </>
        }
      />

      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
        <Card title={t('profile.title')} padding="md">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-muted">{t('profile.phone')}</dt>
            <dd className="font-mono tabular-nums">{member.username}</dd>
            <dt className="text-muted">{t('profile.bank')}</dt>
            <dd>
              <span className="font-mono tabular-nums">{formatAccountNumber(member.bankAccountNo)}</span>{' '}
              <span className="text-muted">
                {member.bankName ?? member.bankCode} · {member.bankAccountName}
              </span>
            </dd>
            <dt className="text-muted">{t('profile.registered')}</dt>
            <dd className="tabular-nums">{formatDateTime(member.createdAt)}</dd>
            <dt className="text-muted">{t('profile.flag')}</dt>
            <dd>
              {flags.flagged
                ? t('profile.markBy', {
                    reason: flags.flagReason,
                    by: flags.flaggedBy,
                    at: formatDateTime(flags.flaggedAt),
                  })
                : '—'}
            </dd>
            <dt className="text-muted">{t('profile.hold')}</dt>
            <dd>
              {flags.payoutHold
                ? t('profile.markBy', { reason: flags.holdReason, by: flags.holdBy, at: formatDateTime(flags.holdAt) })
                : '—'}
            </dd>
          </dl>
        </Card>
        <Card title={t('balances.title')} padding="md">
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            <Balance
              label={t('balances.wallet')}
              minor={balances.wallet}
              currency={member.currency}
              testId="balance-wallet"
            />
            <Balance label={t('balances.invite')} minor={balances.invite} currency={member.currency} />
            <div className="rounded-xl bg-bg px-3 py-2.5 ring-1 ring-line" data-testid="balance-coins">
              <div className="text-xs font-semibold tracking-wide text-muted uppercase">{t('balances.coins')}</div>
              <div className="text-lg font-bold tabular-nums">{balances.coins.toLocaleString('en-US')}</div>
            </div>
            {balances.games.map((g) => (
              <Balance
                key={g.game}
                label={g.game.toUpperCase()}
                hint={`${g.username} · ${formatDateTime(g.updatedAt)}`}
                minor={g.balance}
                currency={member.currency}
              />
            ))}
          </div>
          {balances.games.length === 0 && <p className="mt-3 text-sm text-muted">{t('balances.noGames')}</p>}
        </Card>
      </div>

      <div role="tablist" aria-label={t('tabs.label')} className="mt-6 mb-3 flex flex-wrap gap-1 border-b border-line">
        {tabs.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            onClick={() => setTab(name)}
            className={clsx(
              '-mb-px min-h-10 rounded-t-lg border-b-2 px-3 text-sm font-semibold',
              tab === name ? 'border-primary text-fg' : 'border-transparent text-muted hover:text-fg',
            )}
          >
            {t(`tabs.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        {tab === 'ledger' && <LedgerTab memberId={id} currency={member.currency} />}
        {tab === 'transfers' && <TransfersTab memberId={id} />}
        {tab === 'providers' && <ProvidersTab memberId={id} currency={member.currency} />}
        {tab === 'sessions' && <SessionsTab memberId={id} sessions={detail.sessions} onChanged={refresh} />}
        {tab === 'deposits' && <DepositsTab memberId={id} currency={member.currency} />}
        {tab === 'withdrawals' && <WithdrawalsTab memberId={id} currency={member.currency} />}
        {tab === 'notes' && <NotesTab memberId={id} />}
        {tab === 'linked' && <LinkedTab memberId={id} />}
        {tab === 'chats' && <ChatsTab memberId={id} />}
        {tab === 'promotions' && <PromotionsTab memberId={id} currency={member.currency} />}
        {tab === 'adjustments' && <AdjustmentsTab memberId={id} />}
        {tab === 'responsiblePlay' && <ResponsiblePlayTab memberId={id} currency={member.currency} />}
        {tab === 'audit' && <AuditTab rows={detail.audit} />}
      </div>

      {current && action !== 'adjust' && action && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setAction(null)}
          tone={current.danger ? 'danger' : 'primary'}
          title={t(`confirm.${action}.title`, { name: member.name })}
          description={t(`confirm.${action}.body`)}
          confirmLabel={t(`actions.${action}`)}
          reason="required"
          onConfirm={async (reason) => {
            await current.run(reason);
            await refresh();
          }}
        />
      )}
      {action === 'adjust' && (
        <AdjustDialog
          memberId={id}
          currency={member.currency}
          walletMajor={major(balances.wallet)}
          onClose={() => setAction(null)}
          onSuccess={() => void refresh()}
        />
      )}
    </>
  );
}

function Balance(props: { label: string; minor: string; currency: string; hint?: string; testId?: string }) {
  return (
    <div className="rounded-xl bg-bg px-3 py-2.5 ring-1 ring-line" data-testid={props.testId}>
      <div className="text-xs font-semibold tracking-wide text-muted uppercase">{props.label}</div>
      <MoneyCell minor={props.minor} currency={props.currency} className="!text-left text-lg font-bold" />
      {props.hint && <div className="truncate text-xs text-muted">{props.hint}</div>}
    </div>
  );
}
