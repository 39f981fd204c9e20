import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Wallet } from '@wallet/contract/wallet';
import { Button } from '@wallet/ui/button';
import { Icon } from '@wallet/ui/icon';
import { Modal } from '@wallet/ui/modal';
import { TextField } from '@wallet/ui/text-field';
import { formatAccountNumber } from '@wallet/web-core/format-account-number';
import { formatMoney } from '@wallet/web-core/format';
import { ApiError } from '@wallet/web-core/api-client';
import { presentError } from '@wallet/web-core/present-error';
import { useBanks } from '../../api/lookup.ts';
import { useWithdraw, useWithdrawLookup } from '../../api/withdraw.ts';
import { bankName } from '../../lib/bank-name.ts';
import { sanitizeWithdrawInput, validateWithdraw, type WithdrawIssue } from './withdraw-validation.ts';

// "why can't I withdraw yet" is its own chunk (with the promotions strings)
const WithdrawBlocked = lazy(() => import('./withdraw-blocked.tsx').then((m) => ({ default: m.WithdrawBlocked })));

export type WithdrawDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** the request was taken: called as the dialog closes from its result, so home refreshes */
  onSuccess?: () => void;
  wallet: Wallet;
};

const FORM_ID = 'withdraw-form';

/**
 * docs/spec.md §2/§5 withdraw modal: the destination account (the member's registered one), the amount within the
 * server's bounds, "waiting for transfer" once requested. Errors: alert titled with the error label (§8).
 */
export function WithdrawDialog({ open, onOpenChange, onSuccess, wallet }: WithdrawDialogProps) {
  const { t, i18n } = useTranslation('withdraw');
  const lookup = useWithdrawLookup();
  const withdraw = useWithdraw();
  const [amount, setAmount] = useState('');
  const [issue, setIssue] = useState<WithdrawIssue | null>(null);
  const [done, setDone] = useState<number | null>(null);
  // docs/design.md §4: a running promotion condition blocks withdrawals (BONUS_REMAINING): say why before the player tries
  const [isBlocked, setIsBlocked] = useState(false);
  const unit = t(`unit.${wallet.wallet.currency}`, { defaultValue: wallet.wallet.currency });
  const bounds = lookup.data;
  const account = wallet.bankAccount;
  // the wallet carries the Thai name only: the bank list has the Lao and English ones
  const bank = useBanks().data?.find((candidate) => candidate.code === account.bankCode);
  const accountBankName = bank
    ? bankName(bank, i18n.language)
    : i18n.language === 'th'
      ? account.bank.nameTH
      : account.bankCode;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!bounds) return;
    const found = validateWithdraw(amount, bounds, wallet.wallet.amount);
    setIssue(found);
    if (found) return;
    const value = Number(amount);
    withdraw.submit(
      { amount: value },
      {
        onSuccess: () => setDone(value),
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'BONUS_REMAINING') {
            setIsBlocked(true);
            return;
          }
          presentError(error, { as: 'alert', title: t('errorLabel') });
        },
      },
    );
  };
  const close = () => {
    if (done !== null) onSuccess?.();
    onOpenChange(false);
  };
  const message = issue
    ? t(`errors.${issue}`, {
        min: `${formatMoney(bounds?.withdrawMin ?? 0)} ${unit}`,
        max: `${formatMoney(bounds?.withdrawMax ?? 0)} ${unit}`,
        balance: `${formatMoney(wallet.wallet.amount)} ${unit}`,
      })
    : undefined;

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && close()}
      title={t('title')}
      footer={
        done !== null ? (
          <Button isBlock size="lg" onClick={close} data-testid="withdraw-done">
            {t('done')}
          </Button>
        ) : (
          <Button
            isBlock
            size="lg"
            type="submit"
            form={FORM_ID}
            isLoading={withdraw.isPending}
            disabled={!bounds}
            data-testid="withdraw-submit"
          >
            {t('submit')}
          </Button>
        )
      }
    >
      {done !== null ? (
        <div className="flex flex-col items-center py-4 text-center" role="status" data-testid="withdraw-success">
          <span className="flex size-20 items-center justify-center rounded-full bg-warning/15 text-warning ring-8 ring-warning/5">
            <Icon name="hourglass" className="size-10" strokeWidth={2.2} />
          </span>
          <h3 className="mt-5 text-xl font-bold">{t('success.title')}</h3>
          <p className="mt-1 text-3xl font-bold text-primary tabular-nums">
            {formatMoney(done)} <span className="text-base">{unit}</span>
          </p>
          <p className="mt-3 max-w-xs text-sm text-muted">{t('success.body')}</p>
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          {done === null && (
            <Suspense fallback={null}>
              <WithdrawBlocked
                isBlocked={isBlocked}
                wallet={wallet}
                unit={unit}
                onCancelled={() => setIsBlocked(false)}
              />
            </Suspense>
          )}
          <form
            id={FORM_ID}
            noValidate
            onSubmit={handleSubmit}
            className="flex flex-col gap-4"
            data-testid="withdraw-form"
          >
            <div className="rounded-2xl bg-surface p-4 ring-1 ring-line" data-testid="withdraw-account">
              <p className="text-xs font-medium text-muted">{t('to')}</p>
              <p className="mt-1 font-semibold">{accountBankName}</p>
              <p className="text-lg font-bold tracking-wide tabular-nums">
                {formatAccountNumber(account.bankAccountNo)}
              </p>
              <p className="text-sm text-muted" translate="no">
                {account.bankAccountName}
              </p>
            </div>
            <p className="text-sm text-muted">
              {t('available', { amount: `${formatMoney(wallet.wallet.amount)} ${unit}` })}
            </p>
            <TextField
              label={t('amount')}
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onChange={(event) => {
                setAmount(sanitizeWithdrawInput(event.target.value));
                setIssue(null);
              }}
              endAdornment={<span className="text-sm text-muted">{unit}</span>}
              error={message}
              hint={
                bounds
                  ? t('bounds', {
                      min: `${formatMoney(bounds.withdrawMin)} ${unit}`,
                      max: `${formatMoney(bounds.withdrawMax)} ${unit}`,
                    })
                  : undefined
              }
              data-testid="withdraw-amount"
            />
          </form>
        </div>
      )}
    </Modal>
  );
}
