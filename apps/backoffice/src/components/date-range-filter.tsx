import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { addDays, bangkokDay, type Day } from '../lib/bangkok.ts';
import { DateField } from './date-field.tsx';

export type DayRange = { from?: Day | undefined; to?: Day | undefined };

export type DateRangeFilterProps = {
  value: DayRange;
  onChange: (range: DayRange) => void;
  className?: string;
};

const inputClass =
  'h-11 w-32 rounded-xl bg-bg-raised px-3 text-sm text-fg tabular-nums ring-1 ring-line ring-inset focus:ring-2 focus:ring-primary focus:outline-none aria-invalid:ring-2 aria-invalid:ring-danger';

/**
 * Two calendar days in Bangkok time (both inclusive), typed as dd/mm/yyyy like the tables print them, with quick
 * presets. Pair with `useListParams`, whose `query`
 * turns the days into the instants the server filters on.
 */
export function DateRangeFilter({ value, onChange, className }: DateRangeFilterProps) {
  const { t } = useTranslation('common');
  const today = bangkokDay();
  const presets: Array<{ key: string; range: DayRange }> = [
    { key: 'today', range: { from: today, to: today } },
    { key: 'last7', range: { from: addDays(today, -6), to: today } },
    { key: 'last30', range: { from: addDays(today, -29), to: today } },
    { key: 'all', range: {} },
  ];
  const isActive = (range: DayRange) => range.from === value.from && range.to === value.to;
  return (
    <fieldset className={clsx('flex flex-wrap items-end gap-2', className)}>
      <legend className="sr-only">{t('dateRange.label')}</legend>
      <DateField
        label={t('dateRange.from')}
        className={inputClass}
        value={value.from}
        max={value.to ?? today}
        onChange={(from) => onChange({ ...value, from })}
      />
      <DateField
        label={t('dateRange.to')}
        className={inputClass}
        value={value.to}
        min={value.from}
        onChange={(to) => onChange({ ...value, to })}
      />
      <div
        className="flex gap-1 rounded-xl bg-bg-raised p-1 ring-1 ring-line"
        role="group"
        aria-label={t('dateRange.label')}
      >
        {presets.map(({ key, range }) => (
          <button
            key={key}
            type="button"
            aria-pressed={isActive(range)}
            onClick={() => onChange(range)}
            className={clsx(
              'h-9 rounded-lg px-3 text-xs font-semibold transition-colors',
              isActive(range) ? 'bg-primary text-on-primary' : 'text-muted hover:bg-white/5 hover:text-fg',
            )}
          >
            {t(`dateRange.${key}`)}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
