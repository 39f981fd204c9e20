import { QueryClientProvider } from '@tanstack/react-query';
import { ToastHost } from '@wallet/ui/toast-host';
import { createQueryClient } from '@wallet/web-core/query-client';
import { RouterProvider } from 'react-router';
import { router } from './router.tsx';

const queryClient = createQueryClient();

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ToastHost />
    </QueryClientProvider>
  );
}
