import type { ExternalToast } from 'sonner';
import { TOAST_DURATION_MS } from '@wallet/contract/limits';

/**
 * Toasts without sonner in the first load: the library is imported on first use (or when the page is idle,
 * see @wallet/ui/toast-host). Sonner replays toasts raised before its Toaster mounted.
 */
type Kind = 'error' | 'success' | 'info' | 'warning' | 'message';

const requestListeners = new Set<() => void>();
/** ToastHost subscribes here to mount the Toaster as soon as a toast is wanted. */
export function onToastRequested(listener: () => void): () => void {
  requestListeners.add(listener);
  return () => requestListeners.delete(listener);
}

function show(kind: Kind, message: string, options?: ExternalToast): void {
  requestListeners.forEach((listener) => listener());
  // offline before sonner was fetched the toast is lost (the player app shows its offline banner), never thrown
  void import('sonner')
    .then(({ toast }) => toast[kind](message, { duration: TOAST_DURATION_MS, ...options }))
    .catch(() => undefined);
}

export const notify = {
  error: (message: string, options?: ExternalToast) => show('error', message, options),
  success: (message: string, options?: ExternalToast) => show('success', message, options),
  info: (message: string, options?: ExternalToast) => show('info', message, options),
  warning: (message: string, options?: ExternalToast) => show('warning', message, options),
  message: (message: string, options?: ExternalToast) => show('message', message, options),
};
