import { QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { AlertHost } from '@wallet/ui/alert-host';
import { ToastHost } from '@wallet/ui/toast-host';
import { onSessionEvent } from '../lib/api-client.ts';
import '../lib/i18n.ts';
import { queryClient } from '../lib/query-client.ts';
import { paths } from '../config/paths.ts';
import { BrandProvider } from './brand-provider.tsx';
import { createRouter } from './router.tsx';
import type { LoginState } from './routes/login.tsx';
import { HostBoundary } from './shell/host-boundary.tsx';
import { OfflineBanner } from './shell/offline-banner.tsx';

export function App({ router: given }: { router?: ReturnType<typeof createRouter> } = {}) {
  const [router] = useState(() => given ?? createRouter());
  useEffect(
    () =>
      onSessionEvent((event) => {
        // signed out by the server (the session was revoked: a password change or a sign-out on another device):
        // the login screen says why
        if (event === 'terminated') void router.navigate(paths.terminated, { replace: true });
        else void router.navigate(paths.login, { replace: true, state: { isSessionEnded: true } satisfies LoginState });
      }),
    [router],
  );
  // lookups answer in the member's language (Accept-Language): read them again after a switch
  useEffect(() => {
    const refetch = () => void queryClient.invalidateQueries({ queryKey: ['lookup'] });
    i18next.on('languageChanged', refetch);
    return () => i18next.off('languageChanged', refetch);
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <BrandProvider>
        <OfflineBanner />
        <RouterProvider router={router} />
        <HostBoundary>
          <AlertHost />
        </HostBoundary>
        <HostBoundary>
          <ToastHost />
        </HostBoundary>
      </BrandProvider>
    </QueryClientProvider>
  );
}
