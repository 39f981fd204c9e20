import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@wallet/ui/icon';

const subscribe = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};
const isOnline = () => navigator.onLine;

/** navigator.onLine with its online/offline events. */
const useIsOnline = () => useSyncExternalStore(subscribe, isOnline, () => true);

/**
 * A notice on every screen while the device is offline; it goes away by itself when the connection returns. It sits
 * in the page above the top bar, never over it (the top bar keeps its buttons).
 */
export function OfflineBanner() {
  const { t } = useTranslation('common');
  const online = useIsOnline();
  if (online) return null;
  return (
    <div
      role="status"
      data-testid="offline-banner"
      className="relative z-40 flex items-center justify-center gap-2 bg-warning px-4 pt-[max(0.5rem,env(safe-area-inset-top))] pb-2 text-center text-sm font-semibold text-black shadow-card"
    >
      <Icon name="alert" className="size-4 shrink-0" />
      <span>{t('offline.banner')}</span>
    </div>
  );
}
