import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SlotAccount } from '@wallet/contract/wallet';
import { Button } from '@wallet/ui/button';
import { Modal } from '@wallet/ui/modal';
import { useActivateGame } from '../../api/games.ts';
import { presentError } from '@wallet/web-core/present-error';
import { notify } from '@wallet/web-core/toast';
import { ActiveAccountPanel } from './active-account-panel.tsx';
import { GameBanner } from './game-banner.tsx';
import { Icon } from '@wallet/ui/icon';

export type GameAccountDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** money moved or the account opened: called as the dialog closes, so home refreshes the wallet */
  onSuccess?: () => void;
  slot: SlotAccount;
  /** the main wallet balance: above 0 it moves into the game on play */
  walletAmount: number;
  unit: string;
};

/** docs/spec.md §4 game account: inactive → activate → active (credentials, reset password, transfer-and-play). */
export function GameAccountDialog({ open, onOpenChange, onSuccess, slot, walletAmount, unit }: GameAccountDialogProps) {
  const { t } = useTranslation('wallet');
  const { t: tc } = useTranslation('common');
  const activate = useActivateGame();
  const [isChanged, setIsChanged] = useState(false);
  const [isActivated, setIsActivated] = useState(false);
  const isActive = slot.isActive || isActivated;

  // once per intent: a double tap opens one account and the first answer wins (useMoneyMutation)
  const handleActivate = () =>
    activate.submit(slot.code, {
      onSuccess: () => {
        setIsActivated(true);
        setIsChanged(true);
        notify.success(t('account.saved'));
      },
      onError: (error) => presentError(error, { as: 'alert', title: tc('error.title') }),
    });

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next && isChanged) onSuccess?.();
        onOpenChange(next);
      }}
      title={slot.name}
    >
      <div className="flex flex-col gap-4" data-testid="game-account-modal" data-game={slot.code}>
        <GameBanner slot={slot} unit={unit} isActive={isActive} />
        {isActive ? (
          <ActiveAccountPanel
            slot={slot}
            walletAmount={walletAmount}
            unit={unit}
            onMoneyMoved={() => setIsChanged(true)}
          />
        ) : (
          <div className="flex flex-col items-center gap-4 px-2 pb-1 text-center">
            <div>
              <h3 className="text-lg font-bold">{t('account.inactiveTitle', { name: slot.name })}</h3>
              <p className="mt-1 text-sm text-muted">{t('account.inactiveBody')}</p>
            </div>
            <Button
              isBlock
              size="lg"
              onClick={handleActivate}
              isLoading={activate.isPending}
              icon={<Icon name="plus" className="size-5" strokeWidth={2.4} />}
              data-testid="game-activate"
            >
              {t('account.activate')}
            </Button>
          </div>
        )}
      </div>
    </Modal>
  );
}
