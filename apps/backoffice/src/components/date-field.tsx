import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isDay, type Day } from '../lib/bangkok.ts';

/** `2026-11-27` → `27/11/2026`, the way every console table prints a date. */
export const dayText = (day: Day | undefined): string => (day ? day.split('-').reverse().join('/') : '');

/** `27/11/2026` (or `27-11-2026`, `27.11.2026`; a one-digit day or month) → `2026-11-27`; null when not a real day. */
export function parseDayText(text: string): Day | null {
  const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text.trim());
  if (!match) return null;
  const day = `${match[3]}-${match[2]!.padStart(2, '0')}-${match[1]!.padStart(2, '0')}`;
  return isDay(day) ? day : null;
}

export type DateFieldProps = {
  label: string;
  value: Day | undefined;
  onChange: (day: Day | undefined) => void;
  /** the earliest and latest days accepted (inclusive) */
  min?: Day | undefined;
  max?: Day | undefined;
  className?: string;
};

/**
 * A day typed as dd/mm/yyyy in Thai and English alike (a native date input follows the browser's locale instead):
 * the value is taken on blur or Enter; an impossible day or one outside min..max is marked and not taken; an empty
 * field clears the day.
 */
export function DateField({ label, value, onChange, min, max, className }: DateFieldProps) {
  const { t } = useTranslation('common');
  const [text, setText] = useState(dayText(value));
  const [isInvalid, setInvalid] = useState(false);
  // a new value from outside (a preset, the URL) replaces what is typed
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(dayText(value));
    setInvalid(false);
  }
  const commit = () => {
    if (text.trim() === '') {
      setInvalid(false);
      if (value !== undefined) onChange(undefined);
      return;
    }
    const day = parseDayText(text);
    if (!day || (min && day < min) || (max && day > max)) return setInvalid(true);
    setInvalid(false);
    setText(dayText(day));
    if (day !== value) onChange(day);
  };
  return (
    <label className="flex flex-col gap-1 text-xs font-semibold text-muted">
      {label}
      <input
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={t('dateRange.placeholder')}
        maxLength={10}
        value={text}
        aria-invalid={isInvalid}
        title={isInvalid ? t('dateRange.invalid') : undefined}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit();
          }
        }}
        className={className}
      />
    </label>
  );
}
