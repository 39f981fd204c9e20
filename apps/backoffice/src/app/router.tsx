import { lazy } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { FEATURES } from '../lib/features.ts';
import { FeatureRoute } from './feature-route.tsx';
import { HomeRedirect } from './home.tsx';
import { Layout } from './layout.tsx';
import { NotFound } from './not-found.tsx';
import { Enrol } from './enrol.tsx';
import { SignIn } from './sign-in.tsx';

/** /admin/login outside the frame; every feature inside it, one route per feature (its page loaded lazily). */
const routes: RouteObject[] = [
  { path: 'login', element: <SignIn /> },
  // the one-time enrolment link of a new operator (docs/decisions/0023-operator-enrolment.md)
  { path: 'enrol', element: <Enrol /> },
  {
    path: '/',
    element: <Layout />,
    children: [
      { index: true, element: <HomeRedirect /> },
      ...FEATURES.map((feature) => ({
        path: `${feature.path}/*`,
        element: <FeatureRoute feature={feature} page={lazy(feature.load)} />,
      })),
      { path: 'index.html', element: <Navigate to="/" replace /> },
      { path: '*', element: <NotFound /> },
    ],
  },
];

export const router = createBrowserRouter(routes, { basename: '/admin' });
