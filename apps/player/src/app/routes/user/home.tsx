import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadingOverlay } from '@wallet/ui/loading-overlay';
import { paths } from '../../../config/paths.ts';
import { spinActiveQuery, useSpinActive, useWallet } from '../../../api/wallet.ts';
import { walletQueries } from '../../../api/wallet.ts';
import { BalanceHero } from '../../../features/wallet/balance-hero.tsx';
import type { PromoFeature } from '../../../features/promotions/promo-flow.tsx';
import { GamesSkeleton, HOME_COLUMNS, HomeSkeleton } from '../../../features/wallet/home-skeleton.tsx';
import { WidgetGrid } from '../../../features/wallet/widget-grid.tsx';
import { queryClient } from '../../../lib/query-client.ts';
import { storage } from '../../../lib/storage.ts';
import { LoadFailed } from '../../shell/load-failed.tsx';
import { lazySheet } from '../../shell/lazy-sheet.tsx';
import { SheetBoundary } from '../../shell/sheet-boundary.tsx';
import { useSheetHistory } from '../../shell/use-sheet-history.ts';
import { useBalancesOnReturn } from './use-balances-on-return.ts';

// The game sliders are below the balance (and the page's largest paint is the balance card's art): their chunk
// starts loading with this module, beside GET /api/wallet, and stays out of the /user/home first load.
const slidersModule = import('../../../features/game-accounts/account-sliders.tsx');
const AccountSliders = lazy(() => slidersModule.then((m) => ({ default: m.AccountSliders })));
// the invite strip sits under the widgets: the same early start, out of the first load's budget
const referralModule = import('../../../features/wallet/referral-strip.tsx');
const ReferralStrip = lazy(() => referralModule.then((m) => ({ default: m.ReferralStrip })));

// Dialogs load on first open, keeping radix dialogs and forms out of the /user/home first load.
// (lazySheet: a sheet that cannot load, offline, fails in SheetBoundary with a retry and home stays)
const TransferDialog = lazySheet(() =>
  import('../../../features/wallet/transfer-dialog.tsx').then((m) => m.TransferDialog),
);
const WithdrawDialog = lazySheet(() =>
  import('../../../features/withdraw/withdraw-dialog.tsx').then((m) => m.WithdrawDialog),
);
const DepositDialog = lazySheet(() =>
  import('../../../features/deposit/deposit-dialog.tsx').then((m) => m.DepositDialog),
);
const promoEntry = () => import('../../../features/promotions/promo-home-entry.ts');
// the condition strip is on the first screen; the promotion flow (its dialogs) loads on first open
const conditionStrip = () => promoEntry().then((m) => m.loadConditionStrip());
const PromoFlow = lazySheet(() => promoEntry().then((m) => m.loadPromoFlow().then((flow) => flow.PromoFlow)));
const ConditionStrip = lazy(() => conditionStrip().then((m) => ({ default: m.ConditionStrip })));
const GameAccountDialog = lazySheet(() =>
  import('../../../features/game-accounts/game-account-dialog.tsx').then((m) => m.GameAccountDialog),
);
const AgreementDialog = lazy(() =>
  import('../../../features/site-content/agreement-dialog.tsx').then((m) => ({ default: m.AgreementDialog })),
);

/** How long a first visit waits for its data before React's own skeleton replaces the boot shell. */
const FIRST_SCREEN_WAIT_MS = 3_000;

/**
 * A first visit commits home once, complete: the wallet, the spin flag, the sliders' and the condition strip's chunks are
 * read before the route renders (the boot shell, or the screen before, stays meanwhile; at most 3 s, then the
 * skeleton). Each later arrival would otherwise lay out the whole page again (long tasks on a slow phone). A return
 * to home with the wallet cached does not wait. Never throws: a failure shows on the screen with its retry.
 */
export async function loader() {
  // signed out, the member layout's guard sends the visitor to /login: nothing to read
  if (!storage.getToken() || queryClient.getQueryData(walletQueries.summary().queryKey)) return null;
  const ready = Promise.all([
    queryClient.prefetchQuery(walletQueries.summary()),
    queryClient.prefetchQuery(spinActiveQuery()),
    slidersModule.catch(() => undefined),
    conditionStrip().catch(() => undefined),
  ]);
  await Promise.race([ready, new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS))]);
  return null;
}

type OpenModal =
  | { kind: 'transfer' }
  | { kind: 'withdraw' }
  | { kind: 'deposit' }
  | { kind: 'promo'; feature: PromoFeature }
  | { kind: 'game'; code: string }
  | null;

/** docs/spec.md §2 home: balance hero, widgets, referral, game account sliders and their modals. */
export function Component() {
  const { t } = useTranslation('wallet');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const wallet = useWallet();
  const isSpinActive = useSpinActive();
  const [modal, setModal] = useState<OpenModal>(null);
  useBalancesOnReturn();
  // the back button or gesture closes the open sheet instead of leaving home
  useSheetHistory(modal !== null, () => setModal(null));

  const handleOpenChange = (open: boolean) => !open && setModal(null);
  /** A dialog that moved money refreshes the wallet as it closes (docs/spec.md §2). */
  const refreshWallet = () => void queryClient.invalidateQueries({ queryKey: walletQueries.summary().queryKey });
  const promo = (feature: PromoFeature) => () => setModal({ kind: 'promo', feature });

  // docs/spec.md §8: a wallet load failure hides the loading state; we also offer a retry instead of an empty screen.
  if (!wallet.data) {
    return (
      <main data-route="user/home" data-layout="wide">
        {wallet.isPending && <HomeSkeleton />}
        {wallet.isError && <LoadFailed isRetrying={wallet.isFetching} onRetry={() => void wallet.refetch()} />}
      </main>
    );
  }
  const data = wallet.data;
  const unit = t(`unit.${data.wallet.currency}`, { defaultValue: data.wallet.currency });
  const selectedGame = modal?.kind === 'game' ? data.slots.find((slot) => slot.code === modal.code) : undefined;

  return (
    // from 1024 px (data-layout="wide": the member shell widens its column) the money column and the games sit side by side
    <main data-route="user/home" data-layout="wide" className={HOME_COLUMNS}>
      <div className="flex flex-col gap-4 lg:sticky lg:top-24">
        <BalanceHero
          wallet={data}
          onDeposit={() => setModal({ kind: 'deposit' })}
          onWithdraw={() => setModal({ kind: 'withdraw' })}
        />
        <WidgetGrid
          isSpinActive={isSpinActive}
          coin={data.profile.coin}
          unit={unit}
          onTransfer={() => setModal({ kind: 'transfer' })}
          onSpin={() => void navigate(paths.spin)}
          onInvite={promo('invite')}
          onBonus={() => void navigate(paths.bonus)}
          onRefund={promo('refund')}
        />
        <Suspense fallback={null}>
          <ConditionStrip unit={unit} />
        </Suspense>
        <Suspense fallback={null}>
          <ReferralStrip amount={data.invite.amount} unit={unit} onReceive={promo('referral')} />
        </Suspense>
      </div>
      <Suspense fallback={<GamesSkeleton />}>
        <AccountSliders slots={data.slots} onSelect={(slot) => setModal({ kind: 'game', code: slot.code })} />
      </Suspense>

      <SheetBoundary onClose={() => setModal(null)}>
        <Suspense fallback={<LoadingOverlay isLoading />}>
          {modal?.kind === 'transfer' && (
            <TransferDialog
              open
              wallet={data}
              onOpenChange={handleOpenChange}
              onSuccess={refreshWallet}
              onOpenGame={(code) => setModal({ kind: 'game', code })}
            />
          )}
          {modal?.kind === 'withdraw' && (
            <WithdrawDialog open wallet={data} onOpenChange={handleOpenChange} onSuccess={refreshWallet} />
          )}
          {modal?.kind === 'deposit' && (
            <DepositDialog open unit={unit} onOpenChange={handleOpenChange} onSuccess={refreshWallet} />
          )}
          {modal?.kind === 'promo' && (
            <PromoFlow
              feature={modal.feature}
              wallet={data}
              onDone={(moved) => {
                if (moved) refreshWallet();
                setModal(null);
              }}
            />
          )}
          {selectedGame && (
            <GameAccountDialog
              open
              onOpenChange={handleOpenChange}
              onSuccess={refreshWallet}
              slot={selectedGame}
              walletAmount={data.wallet.amount}
              unit={unit}
            />
          )}
        </Suspense>
      </SheetBoundary>
      {/* docs/spec.md §2: the agreement opens by itself 1.5 s after load unless this member accepted it */}
      {/* never over another sheet: it waits until that one closes */}
      {modal === null && !storage.hasAcceptedAgreement(data.profile._id) && (
        <Suspense fallback={null}>
          <AgreementDialog memberId={data.profile._id} />
        </Suspense>
      )}
    </main>
  );
}
