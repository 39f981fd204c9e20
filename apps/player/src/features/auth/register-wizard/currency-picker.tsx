import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { LAO_CURRENCIES, type LaoCurrency } from '@wallet/contract/limits';

export type CurrencyPickerProps = {
  value: LaoCurrency;
  onChange: (currency: LaoCurrency) => void;
};

/** LAK / BAHT segmented choice (Lao variant only). */
export function CurrencyPicker({ value, onChange }: CurrencyPickerProps) {
  const { t } = useTranslation('auth');
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-semibold text-muted">{t('register.bank.currency')}</legend>
      <div
        role="radiogroup"
        className="grid grid-cols-2 gap-1 rounded-2xl bg-bg-raised p-1 ring-1 ring-line ring-inset"
      >
        {LAO_CURRENCIES.map((currency) => (
          <button
            key={currency}
            type="button"
            role="radio"
            aria-checked={value === currency}
            data-testid={`currency-${currency}`}
            onClick={() => onChange(currency)}
            className={clsx(
              'min-h-11 rounded-xl text-sm font-semibold transition',
              value === currency ? 'bg-primary text-on-primary shadow-glow' : 'text-muted hover:text-fg',
            )}
          >
            {t(`register.bank.currencies.${currency}`)}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
