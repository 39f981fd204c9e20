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
import { useConditionProgress } from '../../api/promotions.ts';
import { useWithdraw, useWithdrawLookup } from '../../api/withdraw.ts';
import { bankName } from '../../lib/bank-name.ts';
import {
  maskAccountNumber,
  sanitizeWithdrawInput,
  validateWithdraw,
  type WithdrawIssue,
} from './withdraw-validation.ts';

// "why can't I withdraw yet" and its fixes are their own chunk (with the promotions strings)
const WithdrawBlocked = lazy(() => import('./withdraw-blocked.tsx').then((m) => ({ default: m.WithdrawBlocked })));
const WithdrawFixes = lazy(() => import('./withdraw-blocked.tsx').then((m) => ({ default: m.WithdrawFixes })));

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
 * server's bounds, a review of both before the money leaves (one request per intent, the same Idempotency-Key on a
 * double tap), then "waiting for transfer". While a bonus condition runs (or the server said BONUS_REMAINING) the form
 * says so where the amount is typed, is disabled, and offers the fixes there. Errors: alert titled with the error
 * label (§8).
 */
export function WithdrawDialog({ open, onOpenChange, onSuccess, wallet }: WithdrawDialogProps) {
  const { t, i18n } = useTranslation(['withdraw', 'errors']);
  const lookup = useWithdrawLookup();
  const withdraw = useWithdraw();
  const progress = useConditionProgress();
  const [amount, setAmount] = useState('');
  const [issue, setIssue] = useState<WithdrawIssue | null>(null);
  // the amount under review (the confirm step), then the amount requested (the result)
  const [review, setReview] = useState<number | null>(null);
  const [done, setDone] = useState<number | null>(null);
  // docs/design.md §4: a running promotion condition blocks withdrawals (BONUS_REMAINING): say why before the player tries
  const [isBlocked, setIsBlocked] = useState(false);
  const isBonusRunning = isBlocked || Boolean(progress.data);
  const unit = t(`unit.${wallet.wallet.currency}`, { defaultValue: wallet.wallet.currency });
  // the bounds of the wallet's own currency (a kip wallet's are kip-sized), the baht fields from an older server
  const bounds = lookup.data?.byCurrency?.[wallet.wallet.currency === 'LAK' ? 'LAK' : 'THB'] ?? lookup.data;
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
    if (!bounds || isBonusRunning) return;
    const found = validateWithdraw(amount, bounds, wallet.wallet.amount);
    setIssue(found);
    if (found) return;
    setReview(Number(amount));
  };
  const handleConfirm = () => {
    if (review === null) return;
    const value = review;
    withdraw.submit(
      { amount: value },
      {
        onSuccess: () => setDone(value),
        onError: (error) => {
          setReview(null);
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
  const message =
    issue === 'decimals'
      ? t('AMOUNT_DECIMALS', { ns: 'errors' })
      : issue
        ? t(`errors.${issue}`, {
            min: `${formatMoney(bounds?.withdrawMin ?? 0)} ${unit}`,
            max: `${formatMoney(bounds?.withdrawMax ?? 0)} ${unit}`,
            balance: `${formatMoney(wallet.wallet.amount)} ${unit}`,
          })
        : undefined;

  const footer =
    done !== null ? (
      <Button isBlock size="lg" onClick={close} data-testid="withdraw-done">
        {t('done')}
      </Button>
    ) : review !== null ? (
      // the modal's footer lays the two out side by side; the confirm takes the room its words need
      <>
        <Button
          variant="secondary"
          size="lg"
          className="shrink-0"
          onClick={() => setReview(null)}
          disabled={withdraw.isPending}
          data-testid="withdraw-back"
        >
          {t('review.back')}
        </Button>
        <Button
          size="lg"
          className="flex-1"
          onClick={handleConfirm}
          isLoading={withdraw.isPending}
          data-testid="withdraw-confirm"
        >
          {t('review.confirm')}
        </Button>
      </>
    ) : (
      <Button
        isBlock
        size="lg"
        type="submit"
        form={FORM_ID}
        disabled={!bounds || isBonusRunning}
        data-testid="withdraw-submit"
      >
        {t('submit')}
      </Button>
    );

  return (
    <Modal open={open} onOpenChange={(next) => !next && close()} title={t('title')} footer={footer}>
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
      ) : review !== null ? (
        <section className="flex flex-col gap-4" aria-labelledby="withdraw-review-title" data-testid="withdraw-review">
          <h3 id="withdraw-review-title" className="font-bold">
            {t('review.title')}
          </h3>
          <dl className="divide-y divide-line rounded-2xl bg-surface ring-1 ring-line">
            <div className="flex flex-col gap-0.5 p-4">
              <dt className="text-xs font-medium text-muted">{t('review.amount')}</dt>
              <dd className="text-3xl font-bold text-primary tabular-nums" data-testid="withdraw-review-amount">
                {formatMoney(review)} <span className="text-base">{unit}</span>
              </dd>
            </div>
            <div className="flex flex-col gap-0.5 p-4" data-testid="withdraw-review-account">
              <dt className="text-xs font-medium text-muted">{t('to')}</dt>
              <dd className="font-semibold">{accountBankName}</dd>
              <dd className="text-lg font-bold tracking-wide tabular-nums">
                {maskAccountNumber(account.bankAccountNo)}
              </dd>
              <dd className="text-sm text-muted" translate="no">
                {account.bankAccountName}
              </dd>
            </div>
          </dl>
          <p className="text-sm text-muted">{t('review.note')}</p>
        </section>
      ) : (
        <div className="flex flex-col gap-4">
          <Suspense fallback={null}>
            <WithdrawBlocked isBlocked={isBlocked} unit={unit} />
          </Suspense>
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
              disabled={isBonusRunning}
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
            {isBonusRunning && (
              <div className="flex flex-col gap-3" data-testid="withdraw-form-blocked">
                <p
                  className="flex gap-2 rounded-2xl bg-warning/10 p-3 text-sm font-semibold ring-1 ring-warning/30"
                  role="alert"
                >
                  <Icon name="lock" className="mt-0.5 size-4 shrink-0 text-warning" />
                  {t('BONUS_REMAINING', { ns: 'errors' })}
                </p>
                <Suspense fallback={null}>
                  <WithdrawFixes wallet={wallet} unit={unit} onCancelled={() => setIsBlocked(false)} />
                </Suspense>
              </div>
            )}
          </form>
        </div>
      )}
    </Modal>
  );
}
