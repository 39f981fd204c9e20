import { lazy, Suspense, useEffect, useState } from 'react';
import { setAlertListener } from '@wallet/web-core/present-error';

type Alert = { id: number; title: string; message: string };

const loadView = () => import('./alert-dialog-view.tsx');
const AlertDialogView = lazy(loadView);

/**
 * Shows every alert raised through presentError(err, { as: 'alert', title }) as an AlertDialog titled
 * with the title, one at a time. Mount once, in the app shell.
 */
export function AlertHost() {
  const [queue, setQueue] = useState<Alert[]>([]);
  useEffect(() => {
    let next = 0;
    setAlertListener((alert) => setQueue((current) => [...current, { ...alert, id: ++next }]));
    // fetch the dialog chunk once the page is idle, so the first alert opens instantly
    const idle = window.setTimeout(() => void loadView(), 2000);
    return () => {
      setAlertListener(null);
      window.clearTimeout(idle);
    };
  }, []);
  const alert = queue[0];
  if (!alert) return null;
  return (
    <Suspense fallback={null}>
      <AlertDialogView
        key={alert.id}
        title={alert.title}
        message={alert.message}
        onDismiss={() => setQueue((current) => current.filter((a) => a.id !== alert.id))}
      />
    </Suspense>
  );
}
