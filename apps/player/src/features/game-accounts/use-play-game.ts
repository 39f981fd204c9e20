import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchLaunchLink, useTransfer } from '../../api/games.ts';
import { walletQueries } from '../../api/wallet.ts';
import { presentError } from '@wallet/web-core/present-error';
import { notify } from '@wallet/web-core/toast';
import { closeTab, preopenTab, sendTabTo } from './launch-tab.ts';
import { planPlayTransfer } from './play-plan.ts';

/**
 * docs/spec.md §5 transfer-and-play: move the whole wallet into the game when it holds money (a PENDING transfer
 * is "being processed" and the game still opens), then GET the auto-login link and open it in a new tab.
 */
export function usePlayGame({
  code,
  walletAmount,
  onMoneyMoved,
}: {
  code: string;
  walletAmount: number;
  onMoneyMoved: () => void;
}) {
  const { t } = useTranslation('wallet');
  const queryClient = useQueryClient();
  const transfer = useTransfer();
  const [isLaunching, setIsLaunching] = useState(false);
  // the guard is a ref set before anything else: a double tap faster than a render opens one tab, moves the
  // money once and asks for one launch link (useMoneyMutation: once per intent)
  const isBusy = useRef(false);

  const play = async (username: string) => {
    if (isBusy.current) return;
    isBusy.current = true;
    const tab = preopenTab();
    setIsLaunching(true);
    try {
      const plan = planPlayTransfer(walletAmount, code);
      if (plan) {
        const outcome = await transfer.run(plan);
        onMoneyMoved();
        void queryClient.invalidateQueries({ queryKey: walletQueries.summary().queryKey });
        if (outcome === 'pending') notify.info(t('account.transferPending'));
      }
      sendTabTo(tab, await fetchLaunchLink(code, username));
    } catch (error) {
      closeTab(tab);
      presentError(error, { as: 'alert', title: t('errorLabel') });
    } finally {
      isBusy.current = false;
      setIsLaunching(false);
    }
  };

  return { play, isLaunching };
}
