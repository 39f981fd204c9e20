import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WALLET_CODE } from '@wallet/contract/limits';
import type { Wallet } from '@wallet/contract/wallet';
import { Button } from '@wallet/ui/button';
import { Icon } from '@wallet/ui/icon';
import { Modal } from '@wallet/ui/modal';
import { presentError } from '@wallet/web-core/present-error';
import { useTransfer, type TransferOutcome } from '../../api/games.ts';
import { TRANSFER_FORM_ID, TransferForm, type TransferAccount, type TransferSubmission } from './transfer-form.tsx';
import { TransferResult } from './transfer-result.tsx';

export type TransferDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** money moved (or is being processed): called as the dialog closes from its result, so home refreshes */
  onSuccess?: () => void;
  wallet: Wallet;
  /** no game account is open yet: the player chose one to open from here (the modal closes, that one opens) */
  onOpenGame?: (code: string) => void;
};

/** docs/spec.md §2/§5 transfer modal: wallet ⇄ active game accounts. Errors: alert titled with the error label. */
export function TransferDialog({ open, onOpenChange, onSuccess, wallet, onOpenGame }: TransferDialogProps) {
  const { t } = useTranslation('wallet');
  const transfer = useTransfer();
  const [result, setResult] = useState<(TransferSubmission & { outcome: TransferOutcome }) | null>(null);
  const unit = t(`unit.${wallet.wallet.currency}`, { defaultValue: wallet.wallet.currency });
  const activeGames = wallet.slots.filter((slot) => slot.isActive);
  // before any game account is open there is nowhere to move money: offer to open one instead of a dead end
  const hasNoGames = activeGames.length === 0;
  const accounts: TransferAccount[] = [
    { code: WALLET_CODE, name: t('walletName'), amount: wallet.wallet.amount },
    ...activeGames.map((slot) => ({ code: slot.code, name: slot.name, amount: slot.amount })),
  ];
  const nameOf = (code: string) => accounts.find((account) => account.code === code)?.name ?? code;

  // once per intent: a second tap while the first request runs sends nothing (useMoneyMutation)
  const handleSubmit = (submission: TransferSubmission) =>
    transfer.submit(submission, {
      onSuccess: (outcome) => setResult({ ...submission, outcome }),
      onError: (error) => presentError(error, { as: 'alert', title: t('errorLabel') }),
    });
  const close = () => {
    if (result) onSuccess?.();
    onOpenChange(false);
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && close()}
      title={t('transfer.title')}
      description={result ? undefined : t('transfer.description')}
      footer={
        result ? (
          <Button isBlock size="lg" onClick={close} data-testid="transfer-done">
            {t('transfer.done')}
          </Button>
        ) : hasNoGames ? undefined : (
          <Button
            isBlock
            size="lg"
            type="submit"
            form={TRANSFER_FORM_ID}
            isLoading={transfer.isPending}
            data-testid="transfer-submit"
          >
            {t('transfer.submit')}
          </Button>
        )
      }
    >
      {result ? (
        <TransferResult
          outcome={result.outcome}
          amount={result.amount}
          unit={unit}
          fromName={nameOf(result.from)}
          toName={nameOf(result.to)}
        />
      ) : hasNoGames ? (
        <div className="flex flex-col gap-3" data-testid="transfer-no-games">
          <p className="rounded-2xl bg-info/10 px-4 py-3 text-sm text-fg ring-1 ring-info/30 ring-inset">
            {t('transfer.noGames')}
          </p>
          {wallet.slots.map((slot) => (
            <Button
              key={slot.code}
              variant="secondary"
              isBlock
              icon={<Icon name="plus" className="size-4" />}
              onClick={() => onOpenGame?.(slot.code)}
              data-testid={`transfer-open-game-${slot.code}`}
            >
              {t('transfer.openGame', { name: slot.name })}
            </Button>
          ))}
        </div>
      ) : (
        <TransferForm
          accounts={accounts}
          unit={unit}
          initialValues={{
            from: WALLET_CODE,
            to: activeGames.length === 1 ? (activeGames[0]?.code ?? '') : '',
            amount: '',
          }}
          onSubmit={handleSubmit}
        />
      )}
    </Modal>
  );
}
