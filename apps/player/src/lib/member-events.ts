import type { DepositCredited } from '@wallet/contract/socket-events';

type Listener = (event: DepositCredited) => void;
const listeners = new Set<Listener>();

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
};
