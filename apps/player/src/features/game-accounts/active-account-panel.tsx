import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SlotAccount } from '@wallet/contract/wallet';
import { Button } from '@wallet/ui/button';
import { Spinner } from '@wallet/ui/spinner';
import { useGameCredentials, useResetGamePassword } from '../../api/games.ts';
import { formatMoney } from '@wallet/web-core/format';
import { presentError } from '@wallet/web-core/present-error';
import { notify } from '@wallet/web-core/toast';
import { AppLinks } from './app-links.tsx';
import { CredentialRow } from './credential-row.tsx';
import { Icon } from '@wallet/ui/icon';
import { usePlayGame } from './use-play-game.ts';

export type ActiveAccountPanelProps = {
  slot: SlotAccount;
  walletAmount: number;
  unit: string;
  onMoneyMoved: () => void;
};

/** Credentials with copy buttons, reset password, and play (transfer-and-play). */
export function ActiveAccountPanel({ slot, walletAmount, unit, onMoneyMoved }: ActiveAccountPanelProps) {
  const { t } = useTranslation('wallet');
  const { t: tc } = useTranslation('common');
  const credentials = useGameCredentials(slot.code, true);
  const reset = useResetGamePassword();
  const { play, isLaunching } = usePlayGame({ code: slot.code, walletAmount, onMoneyMoved });

  // a new password logs the player out of the game app: ask first
  const [isConfirming, setIsConfirming] = useState(false);
  const handleReset = () => {
    setIsConfirming(false);
    // once per intent: a double tap on "yes" sends one reset (useMoneyMutation)
    reset.submit(slot.code, {
      onSuccess: () => notify.success(t('account.saved')),
      onError: (error) => presentError(error, { as: 'alert', title: tc('error.title') }),
    });
  };

  return (
    <div className="flex flex-col gap-4">
      <section className="rounded-2xl bg-surface ring-1 ring-line" aria-label={t('account.credentials')}>
        <header className="flex items-center justify-between gap-2 border-b border-line py-1.5 pr-2 pl-4">
          <h3 className="flex items-center gap-2 text-sm font-bold">
            <Icon name="key" className="size-4 text-primary" />
            {t('account.credentials')}
          </h3>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setIsConfirming(true)}
            isLoading={reset.isPending}
            disabled={!credentials.data || isConfirming}
            icon={<Icon name="refresh" className="size-4" />}
            className="text-primary"
            data-testid="game-reset-password"
          >
            {t('account.resetPassword')}
          </Button>
        </header>
        {isConfirming && (
          <div
            role="alertdialog"
            aria-labelledby="game-reset-confirm-text"
            className="flex flex-col gap-3 border-b border-line bg-warning/10 px-4 py-3"
            data-testid="game-reset-confirm"
          >
            <p id="game-reset-confirm-text" className="text-sm text-fg">
              {t('account.resetConfirm')}
            </p>
            <div className="flex gap-2">
              <Button size="sm" variant="secondary" className="flex-1" onClick={() => setIsConfirming(false)}>
                {tc('actions.cancel')}
              </Button>
              <Button size="sm" className="flex-1" onClick={handleReset} data-testid="game-reset-confirm-yes">
                {t('account.resetConfirmYes')}
              </Button>
            </div>
          </div>
        )}
        {credentials.data ? (
          <div className="divide-y divide-line">
            <CredentialRow label={t('account.username')} value={credentials.data.username} testId="game-username" />
            <CredentialRow label={t('account.password')} value={credentials.data.password} testId="game-password" />
          </div>
        ) : credentials.isError ? (
          <div className="flex items-center justify-between gap-3 px-4 py-4">
            <p className="text-sm text-muted">{t('account.loadFailed')}</p>
            <Button size="sm" variant="secondary" onClick={() => void credentials.refetch()}>
              {t('account.retry')}
            </Button>
          </div>
        ) : (
          <div className="flex justify-center py-8 text-primary">
            <Spinner />
          </div>
        )}
      </section>

      <p
        className="flex gap-2 rounded-2xl bg-info/10 px-4 py-3 text-sm text-fg/90 ring-1 ring-info/25 ring-inset"
        data-testid="game-play-hint"
      >
        <Icon name="info" className="mt-0.5 size-4 shrink-0 text-info" />
        {walletAmount > 0
          ? t('account.playHint', { amount: `${formatMoney(walletAmount)} ${unit}` })
          : t('account.playHintEmpty')}
      </p>

      <Button
        isBlock
        size="lg"
        onClick={() => credentials.data && void play(credentials.data.username)}
        disabled={!credentials.data}
        isLoading={isLaunching}
        icon={<Icon name="play-solid" className="size-5" strokeWidth={2.2} />}
        data-testid="game-play"
      >
        {t('account.play')}
      </Button>
      <AppLinks web={slot.web} android={slot.android} ios={slot.ios} />
    </div>
  );
}
