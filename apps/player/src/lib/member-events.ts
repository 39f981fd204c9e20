import type { InboxEntry } from '@wallet/contract/inbox';
import type { DepositCredited } from '@wallet/contract/socket-events';

type Listener = (event: DepositCredited) => void;
const listeners = new Set<Listener>();
const signingOut = new Set<() => void>();
const inboxListeners = new Set<(entry: InboxEntry) => void>();

/**
 * Member pushes other screens react to (the deposit modal shows the credited amount). The home's wallet socket
 * publishes here; a screen subscribes while it is open.
 */
export const memberEvents = {
  publishDeposit(event: DepositCredited): void {
    for (const listener of listeners) listener(event);
  },
  onDeposit(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** a new notification (the member shell shows its toast) */
  publishInbox(entry: InboxEntry): void {
    for (const listener of inboxListeners) listener(entry);
  },
  onInbox(listener: (entry: InboxEntry) => void): () => void {
    inboxListeners.add(listener);
    return () => inboxListeners.delete(listener);
  },
  /**
   * Logout is starting: member sockets close now, before the session is revoked (the server then disconnects every
   * socket of that session, and a polling socket still open would see its next poll refused: a 400 in the console).
   */
  publishSigningOut(): void {
    for (const listener of signingOut) listener();
  },
  onSigningOut(listener: () => void): () => void {
    signingOut.add(listener);
    return () => signingOut.delete(listener);
  },
};
