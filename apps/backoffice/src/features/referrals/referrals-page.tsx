import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { hasRole, useOperator } from '../../lib/operator.ts';
import { BannersTab } from './banners-tab.tsx';
import { FlagsTab } from './flags-tab.tsx';
import { RefundRunsTab } from './refund-runs-tab.tsx';

const TABS = ['banners', 'flags', 'runs'] as const;
type Tab = (typeof TABS)[number];

/** Invite and refund banners, invites flagged as self-referrals, and the daily refund runs (role marketing). */
export default function ReferralsPage() {
  const { t } = useTranslation('referrals');
  const me = useOperator();
  const [search, setSearch] = useSearchParams();
  const tab: Tab = TABS.find((name) => name === search.get('tab')) ?? 'banners';
  return (
    <>
      <PageHeader title={t('title')} description={t('description')}>
        <div className="flex flex-wrap items-end justify-between gap-3 border-b border-line">
          <div role="tablist" aria-label={t('title')} className="flex gap-1">
            {TABS.map((name) => (
              <button
                key={name}
                type="button"
                role="tab"
                aria-selected={tab === name}
                onClick={() => setSearch(name === 'banners' ? {} : { tab: name }, { replace: true })}
                className={clsx(
                  '-mb-px min-h-10 border-b-2 px-3 text-sm font-semibold',
                  tab === name ? 'border-primary text-fg' : 'border-transparent text-muted hover:text-fg',
                )}
              >
                {t(`tabs.${name}`)}
              </button>
            ))}
          </div>
          <RatesNote isAdmin={hasRole(me, 'admin')} />
        </div>
      </PageHeader>
      <div role="tabpanel">
        {tab === 'banners' && <BannersTab />}
        {tab === 'flags' && <FlagsTab />}
        {tab === 'runs' && <RefundRunsTab />}
      </div>
    </>
  );
}

/** The rates are typed settings: administrators edit them on the settings page; others are told who can. */
function RatesNote({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation('referrals');
  if (!isAdmin) return <p className="pb-2.5 text-sm text-muted">{t('rates.askAdmin')}</p>;
  return (
    <p className="flex flex-wrap gap-x-4 gap-y-1 pb-2.5 text-sm">
      <span className="text-muted">{t('rates.label')}</span>
      <Link
        to="/settings?key=referralRates"
        className="font-semibold text-primary hover:underline"
        data-testid="rates-referral"
      >
        {t('rates.referral')}
      </Link>
      <Link
        to="/settings?key=refundRates"
        className="font-semibold text-primary hover:underline"
        data-testid="rates-refund"
      >
        {t('rates.refund')}
      </Link>
    </p>
  );
}
