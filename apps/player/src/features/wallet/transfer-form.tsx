import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TRANSFER_MIN_BAHT } from '@wallet/contract/limits';
import { ChipGroup } from '@wallet/ui/chip-group';
import { SelectField } from '@wallet/ui/select-field';
import { TextField } from '@wallet/ui/text-field';
import { formatMoney } from '@wallet/web-core/format';
import { Icon } from '@wallet/ui/icon';
import {
  clampQuickAmount,
  parseAmount,
  transferableOf,
  sanitizeAmountInput,
  validateTransfer,
  type TransferFormValues,
  type TransferIssue,
  type TransferField,
} from './transfer-validation.ts';

export type TransferAccount = { code: string; name: string; amount: number };
export type TransferSubmission = { from: string; to: string; amount: number };

export const TRANSFER_FORM_ID = 'transfer-form';
const QUICK_AMOUNTS = [100, 300, 500, 1000] as const;

export type TransferFormProps = {
  accounts: TransferAccount[];
  initialValues: TransferFormValues;
  unit: string;
  onSubmit: (submission: TransferSubmission) => void;
};

/** Source, target, amount with quick amounts; docs/spec.md §5 rules each show their own message. */
export function TransferForm({ accounts, initialValues, unit, onSubmit }: TransferFormProps) {
  const { t } = useTranslation('wallet');
  const [values, setValues] = useState<TransferFormValues>(initialValues);
  const [problem, setProblem] = useState<{ field: TransferField; issue: TransferIssue } | null>(null);
  const source = accounts.find((account) => account.code === values.from);

  const update = (patch: Partial<TransferFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setProblem(null);
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateTransfer(values, source?.amount);
    setProblem(found);
    if (!found) onSubmit({ from: values.from, to: values.to, amount: parseAmount(values.amount) });
  };
  const messageFor = (field: TransferField) =>
    problem?.field !== field
      ? undefined
      : problem.issue === 'decimals'
        ? t('AMOUNT_DECIMALS', { ns: 'errors' })
        : t(`transfer.errors.${problem.issue}`, {
            min: TRANSFER_MIN_BAHT,
            amount: `${formatMoney(source?.amount ?? 0)} ${unit}`,
          });
  const options = accounts.map((account) => ({
    value: account.code,
    label: t('transfer.option', { name: account.name, amount: formatMoney(account.amount) }),
  }));

  return (
    <form
      id={TRANSFER_FORM_ID}
      noValidate
      onSubmit={handleSubmit}
      className="flex flex-col gap-4"
      data-testid="transfer-form"
    >
      <div className="flex flex-col gap-3 rounded-2xl bg-surface p-3 ring-1 ring-line">
        <SelectField
          label={t('transfer.from')}
          placeholder={t('transfer.choose')}
          options={options}
          value={values.from}
          onChange={(event) => update({ from: event.target.value })}
          error={messageFor('from')}
          data-testid="transfer-from"
        />
        <div className="-my-1.5 flex items-center gap-3">
          <span aria-hidden className="h-px flex-1 bg-line" />
          <button
            type="button"
            onClick={() => update({ from: values.to, to: values.from })}
            aria-label={t('transfer.swap')}
            className="flex size-11 items-center justify-center rounded-full bg-bg-raised text-primary shadow-card ring-1 ring-line-strong transition active:scale-95"
            data-testid="transfer-swap"
          >
            <Icon name="swap" className="size-5" />
          </button>
          <span aria-hidden className="h-px flex-1 bg-line" />
        </div>
        <SelectField
          label={t('transfer.to')}
          placeholder={t('transfer.choose')}
          options={options}
          value={values.to}
          onChange={(event) => update({ to: event.target.value })}
          error={messageFor('to')}
          data-testid="transfer-to"
        />
      </div>

      <TextField
        label={t('transfer.amount')}
        inputMode="decimal"
        autoComplete="off"
        placeholder={t('transfer.amountPlaceholder')}
        value={values.amount}
        onChange={(event) => update({ amount: sanitizeAmountInput(event.target.value) })}
        error={messageFor('amount')}
        hint={source ? t('transfer.available', { amount: `${formatMoney(source.amount)} ${unit}` }) : undefined}
        endAdornment={<span className="text-sm font-semibold">{unit}</span>}
        className="text-lg font-bold tabular-nums"
        data-testid="transfer-amount"
      />
      <ChipGroup
        label={t('transfer.amount')}
        chips={QUICK_AMOUNTS.map((quick) => ({
          value: quick,
          label: quick.toLocaleString('en-US'),
          testId: `quick-amount-${quick}`,
        }))}
        selected={parseAmount(values.amount)}
        onSelect={(quick) => update({ amount: String(clampQuickAmount(quick, source?.amount)) })}
        action={{
          label: t('transfer.all'),
          disabled: !source || source.amount <= 0,
          onClick: () => source && update({ amount: String(transferableOf(source.amount)) }),
          testId: 'quick-amount-all',
        }}
      />
    </form>
  );
}
