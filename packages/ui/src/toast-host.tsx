import { lazy, Suspense, useEffect, useState } from 'react';
import { TOAST_DURATION_MS } from '@wallet/contract/limits';
import { onToastRequested } from '@wallet/web-core/toast';

const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/** Mount the Toaster once the page is idle (or at the first toast), keeping sonner out of the first load. */
const IDLE_MOUNT_MS = 1500;

/** The app's toast outlet (sonner, top centre, 4 s). Mount once, in the app shell. */
export function ToastHost() {
  const [isMounted, setIsMounted] = useState(false);
  useEffect(() => {
    if (isMounted) return;
    const timer = window.setTimeout(() => setIsMounted(true), IDLE_MOUNT_MS);
    const unsubscribe = onToastRequested(() => setIsMounted(true));
    return () => {
      window.clearTimeout(timer);
      unsubscribe();
    };
  }, [isMounted]);
  if (!isMounted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster
        position="top-center"
        theme="dark"
        duration={TOAST_DURATION_MS}
        richColors
        closeButton={false}
        // sonner sets its own system font stack; Thai and Lao need ours
        style={{ fontFamily: 'var(--font-sans)' }}
        // a toast's action ("View") is a touch target like any button: at least 44×44 px (sonner draws it 24 px tall)
        toastOptions={{
          style: { fontFamily: 'var(--font-sans)' },
          actionButtonStyle: { minHeight: 44, minWidth: 44, justifyContent: 'center' },
        }}
      />
    </Suspense>
  );
}
