import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wallet/ui/button';
import { TextField } from '@wallet/ui/text-field';
import { formatMoney } from '@wallet/web-core/format';
import { presentError } from '@wallet/web-core/present-error';
import { useManualNotice } from '../../api/deposit.ts';

/** At most two decimals, no sign or exponent: what the amount field keeps of the player's typing. */
const AMOUNT_TEXT = /^\d{0,9}(\.\d{0,2})?$/;

/**
 * Manual mode (docs/spec.md §2, docs/design.md §9.5): after transferring to a site account the player says how much; an
 * operator matches it on the bank statement and credits it (the balance then moves by itself).
 */
export function ManualNotice({ minDeposit, unit }: { minDeposit: number; unit: string }) {
  const { t } = useTranslation('deposit');
  const notice = useManualNotice();
  const [text, setText] = useState('');
  const [sent, setSent] = useState<number | null>(null);
  const amount = Number(text);
  const minimum = Math.max(1, minDeposit);
  const isValid = text !== '' && Number.isFinite(amount) && amount >= minimum;

  return (
    <form
      className="flex flex-col gap-3 rounded-2xl bg-surface-2 p-3 ring-1 ring-line"
      data-testid="manual-notice"
      onSubmit={(event) => {
        event.preventDefault();
        if (!isValid) return;
        notice.submit(
          { amount },
          {
            onSuccess: () => {
              setSent(amount);
              setText('');
            },
            onError: (error) => presentError(error, { as: 'alert', title: t('errorLabel') }),
          },
        );
      }}
    >
      <p className="font-semibold">{t('manual.title')}</p>
      <p className="text-sm text-muted">{t('manual.intro')}</p>
      <TextField
        label={t('manual.amount')}
        inputMode="decimal"
        autoComplete="off"
        placeholder={t('manual.placeholder', { min: formatMoney(minimum) })}
        value={text}
        onChange={(event) => AMOUNT_TEXT.test(event.target.value) && setText(event.target.value)}
        endAdornment={<span className="text-sm text-muted">{unit}</span>}
        data-testid="manual-amount"
      />
      {sent !== null && (
        <p
          className="rounded-xl bg-emerald-500/10 p-3 text-sm text-emerald-200"
          role="status"
          data-testid="manual-sent"
        >
          {t('manual.sent', { amount: `${formatMoney(sent)} ${unit}` })}
        </p>
      )}
      <Button
        type="submit"
        isBlock
        size="lg"
        disabled={!isValid}
        isLoading={notice.isPending}
        data-testid="manual-send"
      >
        {t('manual.send')}
      </Button>
    </form>
  );
}
