import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { paths } from '../config/paths.ts';
import { checkSiteActive, enterSignedOutShell, requireToken } from './guards.ts';
import { RouteError } from './shell/route-error.tsx';

/** Every top-level route shows the translated error screen (with retry) for a loader, render or chunk failure. */
const errorElement = <RouteError />;

/** SPEC.md §2 route table. Route modules are lazy so each screen is its own chunk. */
export const routes: RouteObject[] = [
  { path: paths.root, loader: () => redirect(paths.user), errorElement },
  {
    lazy: () => import('./routes/signed-out-layout.tsx'),
    loader: enterSignedOutShell,
    errorElement,
    children: [
      { path: paths.login, loader: checkSiteActive, lazy: () => import('./routes/login.tsx') },
      { path: paths.register.path, lazy: () => import('./routes/register.tsx') },
      { path: paths.howto, lazy: () => import('./routes/howto.tsx') },
      { path: paths.contact, lazy: () => import('./routes/contact.tsx') },
    ],
  },
  {
    path: paths.user,
    loader: requireToken,
    errorElement,
    lazy: () => import('./routes/user/member-layout.tsx'),
    children: [
      { index: true, loader: () => redirect(paths.home) },
      { path: paths.home, lazy: () => import('./routes/user/home.tsx') },
      { path: paths.profile, lazy: () => import('./routes/user/profile.tsx') },
      { path: paths.bonus, lazy: () => import('./routes/user/bonus.tsx') },
      { path: paths.statement, lazy: () => import('./routes/user/statement.tsx') },
      { path: paths.userContact, lazy: () => import('./routes/user/contact.tsx') },
      { path: paths.spin, lazy: () => import('./routes/user/spin.tsx') },
    ],
  },
  { path: paths.terminated, lazy: () => import('./routes/terminated.tsx'), errorElement },
  { path: '*', lazy: () => import('./routes/not-found.tsx'), errorElement },
];

export const createRouter = () => createBrowserRouter(routes);
