import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Profile } from '@wallet/contract/account';
import { Button } from '@wallet/ui/button';
import { Card } from '@wallet/ui/card';
import { Icon } from '@wallet/ui/icon';
import { formatDateTime } from '@wallet/web-core/format';
import { formatAccountNumber } from '@wallet/web-core/format-account-number';
import { useBanks } from '../../api/lookup.ts';
import { bankName } from '../../lib/bank-name.ts';
import { needsEnglishBankName, payoutCoolingUntil } from './profile-rules.ts';

export type ProfileDetailsProps = {
  profile: Profile;
  onChangePassword: () => void;
  onEditBankName: () => void;
  onChangeBankAccount: () => void;
};

function Row({
  label,
  children,
  action,
  testId,
}: {
  label: ReactNode;
  children: ReactNode;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <div className="flex min-h-14 items-center gap-3 px-5 py-2.5">
      <dt className="w-28 shrink-0 text-sm text-muted">{label}</dt>
      <dd className="min-w-0 flex-1 text-right font-semibold break-words text-fg" data-testid={testId}>
        {children}
      </dd>
      {/* a <dl>'s row holds only <dt> and <dd> (axe "definition-list"): the row's button is a second <dd> */}
      {action && <dd className="shrink-0">{action}</dd>}
    </div>
  );
}

/** docs/spec.md §2 Profile: name, id, creation date, username (read-only) and bank details; lock opens the password dialog. */
export function ProfileDetails({
  profile,
  onChangePassword,
  onEditBankName,
  onChangeBankAccount,
}: ProfileDetailsProps) {
  const { t, i18n } = useTranslation('profile');
  const needsEnglish = needsEnglishBankName(profile);
  // the profile carries the Thai name only: the bank list has the Lao and English ones
  const banks = useBanks();
  const bank = banks.data?.find((candidate) => candidate.code === profile.bankCode);
  const coolingUntil = payoutCoolingUntil(profile);
  return (
    <div className="flex flex-col gap-4" data-testid="profile-details">
      <Card tone="highlight" className="flex items-center gap-4">
        <span
          aria-hidden
          className="flex size-16 shrink-0 items-center justify-center rounded-2xl bg-gradient-to-br from-primary to-accent text-2xl font-bold text-on-primary shadow-glow"
        >
          {profile.name.trim().slice(0, 1).toUpperCase()}
        </span>
        <div className="min-w-0">
          <h1 className="truncate text-xl font-bold text-fg" data-testid="profile-name" translate="no">
            {profile.name}
          </h1>
          <p className="truncate text-sm text-muted">
            {t('details.id')}{' '}
            <span className="font-semibold text-fg tabular-nums" data-testid="profile-id">
              {profile._id}
            </span>
          </p>
          <p className="text-xs text-subtle">
            {t('details.createdAt')} <span className="tabular-nums">{formatDateTime(profile.createdAt)}</span>
          </p>
        </div>
      </Card>

      <Card title={t('details.account')} padding="none" className="pb-1">
        <dl className="divide-y divide-line">
          <Row label={t('details.username')} testId="profile-username">
            <span className="tabular-nums">{profile.username}</span>
          </Row>
          <Row
            label={t('details.password')}
            action={
              <Button
                variant="secondary"
                size="sm"
                onClick={onChangePassword}
                aria-label={t('password.title')}
                data-testid="change-password"
              >
                <Icon name="lock" className="size-5 text-primary" />
              </Button>
            }
          >
            <span aria-hidden className="tracking-widest text-muted">
              ••••••••
            </span>
          </Row>
        </dl>
      </Card>

      <Card title={t('details.bank')} padding="none" className="pb-1">
        <dl className="divide-y divide-line">
          <Row label={t('details.bankName')} testId="profile-bank-name">
            {bank ? bankName(bank, i18n.language) : i18n.language === 'th' ? profile.bank.nameTH : profile.bankCode}
          </Row>
          <Row label={t('details.bankAccountName')} testId="profile-bank-account-name">
            <span translate="no">{profile.bankAccountName}</span>
          </Row>
          <Row label={t('details.bankAccountNo')} testId="profile-bank-account-no">
            <span className="tabular-nums">{formatAccountNumber(profile.bankAccountNo)}</span>
          </Row>
        </dl>
        {coolingUntil && (
          <div
            className="m-4 mt-2 flex items-center gap-3 rounded-2xl bg-warning/10 px-4 py-3 ring-1 ring-warning/30 ring-inset"
            data-testid="payout-cooling"
          >
            <Icon name="alert" className="size-5 shrink-0 text-warning" />
            <p className="flex-1 text-sm text-fg">{t('bankChange.cooling', { time: formatDateTime(coolingUntil) })}</p>
          </div>
        )}
        <div className="m-4 mt-2 flex justify-end">
          <Button size="sm" variant="secondary" onClick={onChangeBankAccount} data-testid="change-bank-account">
            {t('bankChange.open')}
          </Button>
        </div>
        {needsEnglish && (
          <div className="m-4 mt-2 flex items-center gap-3 rounded-2xl bg-warning/10 px-4 py-3 ring-1 ring-warning/30 ring-inset">
            <Icon name="alert" className="size-5 shrink-0 text-warning" />
            <p className="flex-1 text-sm text-fg">{t('bankName.prompt')}</p>
            <Button size="sm" variant="secondary" onClick={onEditBankName} data-testid="edit-bank-name">
              {t('bankName.edit')}
            </Button>
          </div>
        )}
      </Card>
    </div>
  );
}
