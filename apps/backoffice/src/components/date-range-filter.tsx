import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { addDays, bangkokDay, type Day } from '../lib/bangkok.ts';

export type DayRange = { from?: Day | undefined; to?: Day | undefined };

export type DateRangeFilterProps = {
  value: DayRange;
  onChange: (range: DayRange) => void;
  className?: string;
};

const inputClass =
  'h-10 rounded-xl bg-bg-raised px-3 text-sm text-fg ring-1 ring-line ring-inset [color-scheme:dark] focus:ring-2 focus:ring-primary focus:outline-none';

/**
 * Two calendar days in Bangkok time (both inclusive) with quick presets. Pair with `useListParams`, whose `query`
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
      <label className="flex flex-col gap-1 text-xs font-semibold text-muted">
        {t('dateRange.from')}
        <input
          type="date"
          className={inputClass}
          value={value.from ?? ''}
          max={value.to ?? today}
          onChange={(e) => onChange({ ...value, from: e.target.value || undefined })}
        />
      </label>
      <label className="flex flex-col gap-1 text-xs font-semibold text-muted">
        {t('dateRange.to')}
        <input
          type="date"
          className={inputClass}
          value={value.to ?? ''}
          min={value.from}
          onChange={(e) => onChange({ ...value, to: e.target.value || undefined })}
        />
      </label>
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
              'h-8 rounded-lg px-3 text-xs font-semibold transition-colors',
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
