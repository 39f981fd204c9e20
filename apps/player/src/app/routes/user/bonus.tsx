import type { Bonus } from '@wallet/contract/promotions';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@wallet/ui/empty-state';
import { LoadingOverlay } from '@wallet/ui/loading-overlay';
import { Spinner } from '@wallet/ui/spinner';
import { useActiveBonus, useBonuses, useConditionProgress } from '../../../api/promotions.ts';
import { useWallet } from '../../../api/wallet.ts';
import { ensurePromotionStrings, usePromotionStrings } from '../../../components/promotion-strings.ts';
import { ActiveBonusPanel } from '../../../features/promotions/active-bonus-panel.tsx';
import { BonusList } from '../../../features/promotions/bonus-list.tsx';
import { PromoCodeForm } from '../../../features/promotions/promo-code-form.tsx';
import { LoadFailed } from '../../shell/load-failed.tsx';

const BonusDialog = lazy(() =>
  import('../../../features/promotions/bonus-dialog.tsx').then((m) => ({ default: m.BonusDialog })),
);

/** The screen's strings arrive with it (components/promotion-strings.ts). */
export async function loader() {
  await ensurePromotionStrings();
  return null;
}

/**
 * docs/spec.md §2 /user/bonus: the active bonus (its type, its condition's progress, cancel) or the promotion-code form,
 * then the bonus cards.
 */
export function Component() {
  return usePromotionStrings() ? <BonusScreen /> : null;
}

function BonusScreen() {
  const { t } = useTranslation('promotions');
  const wallet = useWallet();
  const active = useActiveBonus();
  const bonuses = useBonuses();
  const isRunning = active.data?.status === true;
  // the progress endpoint may be missing on an older server: then the panel shows the type and cancel only
  const progress = useConditionProgress(isRunning);
  const [open, setOpen] = useState<Bonus | null>(null);
  const currency = wallet.data?.wallet.currency ?? 'THB';
  const unit = t(`unit.${currency}`, { defaultValue: currency });

  return (
    <main data-route="user/bonus" className="flex flex-col gap-4">
      <header>
        <h1 className="text-2xl leading-snug font-bold">{t('bonus.title')}</h1>
        <p className="text-sm text-muted">{t('bonus.subtitle')}</p>
      </header>
      {active.isPending && (
        <div className="flex justify-center py-4 text-primary">
          <Spinner />
        </div>
      )}
      {active.data &&
        (isRunning ? (
          <ActiveBonusPanel type={active.data.type} progress={progress.data} unit={unit} />
        ) : (
          <PromoCodeForm />
        ))}
      <section className="flex flex-col gap-3">
        <h2 className="text-lg font-bold">{t('bonus.listTitle')}</h2>
        {/* docs/spec.md §8: a load failure hides the loading state; we also offer a retry instead of an empty screen */}
        {bonuses.isPending && (
          <div className="flex justify-center py-6 text-primary">
            <Spinner size="lg" />
          </div>
        )}
        {(bonuses.isError || active.isError) && (
          <LoadFailed
            isRetrying={bonuses.isFetching || active.isFetching}
            onRetry={() => void Promise.all([bonuses.refetch(), active.refetch()])}
          />
        )}
        {bonuses.data?.length === 0 && <EmptyState icon="gift" title={t('bonus.empty')} />}
        {bonuses.data && bonuses.data.length > 0 && (
          <BonusList
            bonuses={bonuses.data}
            now={new Date()}
            onOpen={setOpen}
            unit={unit}
            isConditionRunning={isRunning}
          />
        )}
      </section>
      {open && (
        <Suspense fallback={<LoadingOverlay isLoading />}>
          <BonusDialog
            bonus={open}
            onClose={(isActivated) => {
              setOpen(null);
              // the condition it started shows at the top of the screen
              if (isActivated) window.scrollTo({ top: 0, behavior: 'smooth' });
            }}
          />
        </Suspense>
      )}
    </main>
  );
}
