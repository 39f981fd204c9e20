import { useEffect, useRef } from 'react';
import { useRefreshBalances } from '../../../api/wallet.ts';

/** At most one game-balance reading per this interval from coming back to the page. */
const RETURN_REFRESH_MIN_MS = 10_000;

/**
 * Coming back to home from a game (another tab or window) reads the game balances again, as the check-balance
 * button does: a stake or a win in the game would otherwise show the old game balance until a manual refresh.
 */
export function useBalancesOnReturn(): void {
  const { mutate } = useRefreshBalances();
  const lastRef = useRef(0);
  useEffect(() => {
    const handleReturn = () => {
      if (document.visibilityState !== 'visible') return;
      const now = Date.now();
      if (now - lastRef.current < RETURN_REFRESH_MIN_MS) return;
      lastRef.current = now;
      // quiet: the balance card's own check button reports failures; this one is best effort
      mutate();
    };
    document.addEventListener('visibilitychange', handleReturn);
    window.addEventListener('focus', handleReturn);
    return () => {
      document.removeEventListener('visibilitychange', handleReturn);
      window.removeEventListener('focus', handleReturn);
    };
  }, [mutate]);
}
