import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { paths } from '../config/paths.ts';
import i18next from '../lib/i18n.ts';
import { checkSiteActive, enterSignedOutShell, requireToken } from './guards.ts';
import { RouteError } from './shell/route-error.tsx';

/**
 * Every top-level route shows the translated error screen (with retry) for a loader, render or chunk failure, and
 * renders nothing while its lazy module loads on the first visit (the page's own shell stays; without an explicit
 * fallback React Router warns in the console on every load).
 */
const errorElement = <RouteError />;
const HydrateFallback = () => null;
const topLevel = { errorElement, HydrateFallback };

/** A route module and the screen's own string namespaces (lib/i18n.ts), loaded side by side before it renders. */
const withStrings =
  <T,>(namespaces: string[], load: () => Promise<T>) =>
  (): Promise<T> =>
    Promise.all([load(), i18next.loadNamespaces(namespaces)]).then(([module]) => module);

/** docs/spec.md §2 route table. Route modules are lazy so each screen is its own chunk. */
export const routes: RouteObject[] = [
  { path: paths.root, loader: () => redirect(paths.user), element: null, ...topLevel },
  {
    lazy: () => import('./routes/signed-out-layout.tsx'),
    loader: enterSignedOutShell,
    ...topLevel,
    children: [
      { path: paths.login, loader: checkSiteActive, lazy: withStrings(['auth'], () => import('./routes/login.tsx')) },
      { path: paths.register.path, lazy: withStrings(['auth'], () => import('./routes/register.tsx')) },
      {
        path: paths.forgotPassword,
        lazy: withStrings(['auth'], () => import('./routes/forgot-password.tsx')),
      },
      { path: paths.howto, lazy: withStrings(['content'], () => import('./routes/howto.tsx')) },
      { path: paths.contact, lazy: withStrings(['content'], () => import('./routes/contact.tsx')) },
    ],
  },
  {
    path: paths.user,
    loader: requireToken,
    ...topLevel,
    lazy: () => import('./routes/user/member-layout.tsx'),
    children: [
      { index: true, loader: () => redirect(paths.home) },
      { path: paths.home, lazy: () => import('./routes/user/home.tsx') },
      { path: paths.profile, lazy: withStrings(['profile'], () => import('./routes/user/profile.tsx')) },
      { path: paths.bonus, lazy: () => import('./routes/user/bonus-route.ts').then((m) => m.loadBonusRoute()) },
      {
        path: paths.statement,
        lazy: withStrings(['statement'], () => import('./routes/user/statement.tsx')),
      },
      { path: paths.bets, lazy: () => import('./routes/user/bets.tsx') },
      { path: paths.userContact, lazy: withStrings(['content'], () => import('./routes/user/contact.tsx')) },
      { path: paths.spin, lazy: () => import('./routes/user/spin.tsx') },
      { path: paths.responsiblePlay, lazy: () => import('./routes/user/responsible-play.tsx') },
    ],
  },
  { path: paths.terminated, lazy: () => import('./routes/terminated.tsx'), ...topLevel },
  { path: '*', lazy: () => import('./routes/not-found.tsx'), ...topLevel },
];

export const createRouter = () => createBrowserRouter(routes);

/** Resolves once the router has loaded the first route (lazy chunks and loaders, redirects followed). */
export const routerReady = (router: ReturnType<typeof createRouter>): Promise<void> =>
  new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
