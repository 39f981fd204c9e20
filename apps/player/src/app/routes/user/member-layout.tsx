import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@wallet/contract/client-api.gen';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router';
import { Icon } from '@wallet/ui/icon';
import { LoadingOverlay } from '@wallet/ui/loading-overlay';
import { Spinner } from '@wallet/ui/spinner';
import { paths } from '../../../config/paths.ts';
import { InboxButton } from '../../../features/notifications/inbox-button.tsx';
import { LanguageSwitcher } from '../../../features/site/language-switcher.tsx';
import { useWalletPush } from '../../../features/wallet/use-wallet-push.ts';
import { call } from '../../../lib/api-client.ts';
import { memberEvents } from '../../../lib/member-events.ts';
import { storage } from '../../../lib/storage.ts';
import { BottomNav } from '../../shell/bottom-nav.tsx';
import { lazySheet } from '../../shell/lazy-sheet.tsx';
import { SheetBoundary } from '../../shell/sheet-boundary.tsx';
import { TopBar } from '../../shell/top-bar.tsx';
import { useSheetHistory } from '../../shell/use-sheet-history.ts';

// the conditions modal (and the dialog library) load on first open, not with every member page
const ConditionsDialog = lazySheet(() => import('../../shell/conditions-dialog.tsx').then((m) => m.ConditionsDialog));

// the inbox sheet and its strings load on first open (docs/decisions/0043-in-app-notifications.md)
const InboxSheet = lazySheet(() =>
  Promise.all([
    import('../../../features/notifications/inbox-sheet.tsx'),
    import('../../../features/notifications/notification-strings.ts').then((m) => m.ensureNotificationStrings()),
  ]).then(([m]) => m.InboxSheet),
);

// the reality check (docs/responsible-play.md §6) and its strings load after the shell, on every member page
const RealityCheck = lazy(() =>
  import('../../../features/responsible-play/reality-check.tsx').then((m) => ({ default: m.RealityCheck })),
);

/** Logout shows its indicator at least this long, so the tap visibly did something. */
const LOGOUT_MIN_MS = 600;

/**
 * Member shell (/user/*): brand, language dropdown and logout on top; bottom menu profile, conditions (modal),
 * the raised home button, statement, contact. Screens render inside a 480 px column with 16 px gutters (600 px from 768 px; a
 * `data-layout="wide"` screen, home, up to 1040 px beside the desktop rail).
 */
export function Component() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [isConditionsOpen, setIsConditionsOpen] = useState(false);
  const [hasOpenedConditions, setHasOpenedConditions] = useState(false);
  const [isLoggingOut, setIsLoggingOut] = useState(false);
  const [isInboxOpen, setIsInboxOpen] = useState(false);
  const [hasOpenedInbox, setHasOpenedInbox] = useState(false);
  // the back button closes an open sheet rather than leaving the page
  const inboxHistory = useSheetHistory(isInboxOpen, () => setIsInboxOpen(false));
  useSheetHistory(isConditionsOpen, () => setIsConditionsOpen(false));
  // the member socket lives with the shell, not with one screen: a push (a toast, the badge, the wallet) reaches the
  // member on every /user/* route
  useWalletPush();
  // a pushed notification shows as a toast, its strings and text loaded with the first one
  useEffect(
    () =>
      memberEvents.onInbox((entry) => {
        void import('../../../features/notifications/show-inbox-toast.ts').then((m) =>
          m.showInboxToast(entry, (to) => void navigate(to)),
        );
      }),
    [navigate],
  );
  // support messages not read yet: the contact tab's badge; the home socket and the chat widget set it on pushes
  // (off while logging out: the cache is cleared with this shell still mounted, and a refetch would go out tokenless)
  const chatUnread = useQuery({
    queryKey: ['chat', 'unread'],
    queryFn: () => call(api.chat.unread),
    enabled: !isLoggingOut,
  });

  const handleLogout = async () => {
    if (isLoggingOut) return;
    setIsLoggingOut(true);
    memberEvents.publishSigningOut();
    await Promise.all([
      call(api.account.logout).catch(() => undefined),
      new Promise((resolve) => setTimeout(resolve, LOGOUT_MIN_MS)),
    ]);
    storage.clearToken();
    queryClient.clear();
    await navigate(paths.login, { replace: true });
  };

  return (
    <div className="flex min-h-dvh flex-col">
      <TopBar
        actions={
          <>
            <InboxButton
              isEnabled={!isLoggingOut}
              onOpen={() => {
                setHasOpenedInbox(true);
                setIsInboxOpen(true);
              }}
            />
            <LanguageSwitcher />
            <button
              type="button"
              onClick={() => void handleLogout()}
              disabled={isLoggingOut}
              aria-label={t('actions.logout')}
              data-testid="logout"
              className="flex size-11 items-center justify-center rounded-full bg-white/5 text-muted ring-1 ring-line ring-inset transition hover:bg-danger/15 hover:text-danger"
            >
              {isLoggingOut ? <Spinner size="sm" /> : <Icon name="logout" className="size-5" />}
            </button>
          </>
        }
      />
      <div className="mx-auto w-full max-w-[480px] flex-1 px-4 pt-5 pb-[calc(7rem+env(safe-area-inset-bottom))] md:max-w-[600px] lg:pt-8 lg:pb-12 lg:has-[>[data-layout=wide]]:max-w-[min(1040px,calc(100vw-12rem))]">
        <Outlet />
      </div>
      <BottomNav
        label={t('nav.menu')}
        items={[
          { key: 'profile', label: t('nav.profile'), icon: 'user', to: paths.profile },
          {
            key: 'conditions',
            label: t('nav.conditions'),
            icon: 'conditions',
            onClick: () => {
              setHasOpenedConditions(true);
              setIsConditionsOpen(true);
            },
          },
          { key: 'home', label: t('nav.home'), icon: 'home', to: paths.home, isFeatured: true },
          { key: 'statement', label: t('nav.statement'), icon: 'statement', to: paths.statement },
          {
            key: 'contact',
            label: t('nav.contact'),
            icon: 'chat',
            to: paths.userContact,
            badge: chatUnread.data?.count,
          },
        ]}
      />
      {hasOpenedConditions && (
        <SheetBoundary onClose={() => setIsConditionsOpen(false)}>
          <Suspense fallback={null}>
            <ConditionsDialog open={isConditionsOpen} onOpenChange={setIsConditionsOpen} />
          </Suspense>
        </SheetBoundary>
      )}
      {hasOpenedInbox && (
        <SheetBoundary onClose={() => setIsInboxOpen(false)}>
          <Suspense fallback={null}>
            <InboxSheet
              open={isInboxOpen}
              onOpenChange={setIsInboxOpen}
              onNavigate={(to) => {
                // the statement takes the sheet's history entry: back from it returns to the page under the sheet
                inboxHistory.leave();
                void navigate(to, { replace: true });
              }}
            />
          </Suspense>
        </SheetBoundary>
      )}
      {!isLoggingOut && (
        <Suspense fallback={null}>
          <RealityCheck
            onTakeBreak={() => void navigate(paths.responsiblePlay)}
            onSignOut={() => void handleLogout()}
          />
        </Suspense>
      )}
      <LoadingOverlay isLoading={isLoggingOut} label={t('status.loggingOut')} />
    </div>
  );
}
