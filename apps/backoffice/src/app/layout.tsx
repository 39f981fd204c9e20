import { AdminIcon } from '../components/admin-icon.tsx';
import { clsx } from 'clsx';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { ErrorState, LoadingState } from '../components/states.tsx';
import { GlobalSearch } from '../features/search/global-search.tsx';
import { consoleSession, onSessionEvent } from '../lib/api.ts';
import { featuresFor } from '../lib/features.ts';
import { asLanguage } from '../lib/i18n.ts';
import { useMe, useSignOut } from '../lib/operator.ts';
import { LanguageSwitch } from './language-switch.tsx';
import { NavQueueBadge, QueueChimeToggle, QueueFeed } from './queue-shell.tsx';
import { SessionExpiredDialog } from './session-expired-dialog.tsx';

/** The console frame: sidebar (the features the operator's roles open), top bar, the page. Signed-in only. */
export function Layout() {
  const { t, i18n } = useTranslation('shell');
  const location = useLocation();
  const navigate = useNavigate();
  const me = useMe();
  const signOut = useSignOut();
  const [isMenuOpen, setMenuOpen] = useState(false);
  const language = asLanguage(i18n.language);
  const queryClient = useQueryClient();
  // read once: the session cookie is this browser's, shared with its other tabs (docs/decisions/0021)
  const [hadSession] = useState(consoleSession.isSignedIn);
  const [isExpired, setExpired] = useState(false);

  useEffect(
    () =>
      onSessionEvent((event) => {
        if (event === 'signed-out') setExpired(true);
      }),
    [],
  );

  const next = `${location.pathname}${location.search}`;
  const toSignIn = (expired: boolean) => {
    const query = [expired ? 'expired=1' : '', next !== '/' ? `next=${encodeURIComponent(next)}` : ''].filter(Boolean);
    return `/login${query.length > 0 ? `?${query.join('&')}` : ''}`;
  };
  if (!hadSession) return <Navigate to={toSignIn(false)} replace />;
  // ended before the page knew whose it was: the sign-in page says so and comes back here
  if (isExpired && !me.data) return <Navigate to={toSignIn(true)} replace />;
  if (me.isPending) return <LoadingState className="min-h-dvh" />;
  if (me.isError) return <ErrorState error={me.error} onRetry={() => void me.refetch()} />;

  const nav = featuresFor(me.data.roles).filter((f) => f.inNav !== false);

  return (
    <div className="flex min-h-dvh">
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50">
        {t('layout.skip')}
      </a>
      {isMenuOpen && (
        <button
          type="button"
          aria-label={t('common:actions.close')}
          className="fixed inset-0 z-30 bg-black/50 lg:hidden"
          onClick={() => setMenuOpen(false)}
        />
      )}
      <aside
        id="sidebar"
        className={clsx(
          'fixed inset-y-0 left-0 z-40 flex w-64 flex-col border-r border-line bg-bg-raised transition-transform lg:sticky lg:top-0 lg:h-dvh lg:translate-x-0',
          isMenuOpen ? 'translate-x-0' : '-translate-x-full',
        )}
      >
        <div className="flex h-16 items-center gap-3 border-b border-line px-5">
          <span className="flex size-9 items-center justify-center rounded-xl bg-primary text-on-primary shadow-glow">
            <AdminIcon name="wallet" className="size-5" />
          </span>
          <div className="leading-tight">
            <p className="text-sm font-bold text-fg">{t('common:app.name')}</p>
            <p className="text-xs text-muted">Member wallet</p>
          </div>
        </div>
        <nav aria-label={t('layout.menu')} className="flex-1 overflow-y-auto px-3 py-4">
          <ul className="flex flex-col gap-1">
            {nav.map((feature) => (
              <li key={feature.id}>
                <NavLink
                  to={`/${feature.path}`}
                  onClick={() => setMenuOpen(false)}
                  className={({ isActive }) =>
                    clsx(
                      'flex min-h-11 items-center gap-3 rounded-xl px-3 text-sm font-semibold transition-colors',
                      isActive
                        ? 'bg-primary/12 text-primary ring-1 ring-primary/25 ring-inset'
                        : 'text-muted hover:bg-white/5 hover:text-fg',
                    )
                  }
                >
                  <AdminIcon name={feature.icon ?? 'info'} className="size-5 shrink-0" />
                  <span className="truncate">{feature.nav[language]}</span>
                  <NavQueueBadge feature={feature.id} />
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="border-t border-line p-4 text-xs text-subtle">v1.1.14</div>
      </aside>

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-line bg-bg/85 px-4 backdrop-blur sm:px-6">
          <button
            type="button"
            className="-ml-1 flex size-11 items-center justify-center rounded-xl text-fg hover:bg-white/5 lg:hidden"
            aria-label={t('layout.menu')}
            aria-expanded={isMenuOpen}
            aria-controls="sidebar"
            onClick={() => setMenuOpen((open) => !open)}
          >
            <AdminIcon name="menu" className="size-6" />
          </button>
          <div className="flex min-w-0 flex-1">
            {featuresFor(me.data.roles).some((f) => f.id === 'members') && <GlobalSearch />}
          </div>
          <QueueFeed />
          <QueueChimeToggle />
          <LanguageSwitch />
          <div className="hidden items-center gap-2 sm:flex" data-testid="operator-chip">
            <span className="flex size-9 items-center justify-center rounded-full bg-surface-2 text-sm font-bold text-fg ring-1 ring-line uppercase">
              {me.data.username.slice(0, 1)}
            </span>
            <div className="leading-tight">
              <p className="text-sm font-semibold text-fg">{me.data.username}</p>
              <p className="text-xs text-muted">{me.data.roles.map((r) => t(`common:roles.${r}`)).join(' · ')}</p>
            </div>
          </div>
          <button
            type="button"
            onClick={async () => {
              await signOut();
              void navigate('/login', { replace: true });
            }}
            className="flex min-h-11 items-center gap-2 rounded-xl px-3 text-sm font-semibold text-muted hover:bg-white/5 hover:text-fg"
          >
            <AdminIcon name="logout" className="size-5" />
            <span className="hidden md:inline">{t('common:actions.signOut')}</span>
          </button>
        </header>
        <main id="main" className="w-full min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-8">
          <Outlet />
        </main>
        <SessionExpiredDialog
          open={isExpired}
          username={me.data.username}
          onSignedIn={async () => {
            setExpired(false);
            // the same operator again: the page stays; its data is read anew
            await queryClient.invalidateQueries();
          }}
        />
      </div>
    </div>
  );
}
