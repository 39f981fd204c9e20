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
import { HostBoundary } from './shell/host-boundary.tsx';
import { OfflineBanner } from './shell/offline-banner.tsx';

export function App({ router: given }: { router?: ReturnType<typeof createRouter> } = {}) {
  const [router] = useState(() => given ?? createRouter());
  useEffect(
    () =>
      onSessionEvent((event) => {
        void router.navigate(event === 'terminated' ? paths.terminated : paths.login, { replace: true });
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
