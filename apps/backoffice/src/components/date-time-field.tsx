import { clsx } from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isDay, type Day } from '../lib/bangkok.ts';
import { dayText, parseDayText } from './date-field.tsx';

const BANGKOK_OFFSET_MS = 7 * 3600_000;

/** An instant → its Bangkok day and time (`2026-11-23T03:00:00.000Z` → `2026-11-23`, `10:00`); empty for null. */
export function bangkokParts(iso: string | null): { day: Day | undefined; time: string } {
  if (!iso) return { day: undefined, time: '' };
  const local = new Date(new Date(iso).getTime() + BANGKOK_OFFSET_MS).toISOString();
  const day = local.slice(0, 10);
  return { day: isDay(day) ? day : undefined, time: local.slice(11, 16) };
}

/** `9:05`, `09.05`, `0905` → `09:05`; null when not a time of day (24-hour clock). */
export function parseTimeText(text: string): string | null {
  const match = /^([01]?\d|2[0-3])[:.]?([0-5]\d)$/.exec(text.trim());
  return match ? `${match[1]!.padStart(2, '0')}:${match[2]}` : null;
}

export type DateTimeFieldProps = {
  label: string;
  /** an instant (ISO), or null for none */
  value: string | null;
  /** the instant typed, Bangkok time (`2026-11-23T10:00:00+07:00`), or null when both parts are emptied */
  onChange: (iso: string | null) => void;
  /** a line under the field; `error` replaces it */
  hint?: string | undefined;
  error?: string | undefined;
  className?: string;
  'data-testid'?: string;
};

const inputClass =
  'h-12 rounded-2xl bg-bg-raised px-4 text-base text-fg tabular-nums ring-1 ring-line ring-inset placeholder:text-subtle focus:ring-2 focus:ring-primary focus:outline-none aria-[invalid=true]:ring-2 aria-[invalid=true]:ring-danger';

/**
 * A moment in Bangkok time typed as dd/mm/yyyy and HH:mm (24-hour) in Thai and English alike, like the console's
 * date filter (a native datetime input follows the browser's locale: mm/dd/yyyy and AM/PM in English). Each part is
 * taken on blur or Enter; a day without a time is 00:00 (the time box stays empty); an impossible day or time is marked and not taken; both
 * parts empty clear the value.
 */
export function DateTimeField({
  label,
  value,
  onChange,
  hint,
  error,
  className,
  'data-testid': testId,
}: DateTimeFieldProps) {
  const { t } = useTranslation('common');
  const parts = bangkokParts(value);
  const [dayInput, setDayInput] = useState(dayText(parts.day));
  const [timeInput, setTimeInput] = useState(parts.time);
  const [invalid, setInvalid] = useState<'day' | 'time' | null>(null);
  // a new value from outside replaces what is typed
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setDayInput(dayText(parts.day));
    setTimeInput(parts.time);
    setInvalid(null);
  }
  const commit = () => {
    if (dayInput.trim() === '' && timeInput.trim() === '') {
      setInvalid(null);
      setShown(null);
      if (value !== null) onChange(null);
      return;
    }
    const day = parseDayText(dayInput);
    if (!day) return setInvalid('day');
    const time = timeInput.trim() === '' ? '00:00' : parseTimeText(timeInput);
    if (!time) return setInvalid('time');
    setInvalid(null);
    setDayInput(dayText(day));
    if (timeInput.trim() !== '') setTimeInput(time);
    const next = `${day}T${time}:00+07:00`;
    if (value !== null && new Date(next).getTime() === new Date(value).getTime()) return;
    // our own change comes back as `value`: what is typed stays (an empty time stays empty, meaning 00:00)
    setShown(next);
    onChange(next);
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      commit();
    }
  };
  return (
    <fieldset className={clsx('flex min-w-0 flex-col gap-1.5', className)} data-testid={testId}>
      <legend className="mb-1.5 text-sm font-semibold text-muted">{label}</legend>
      <div className="flex gap-2">
        <input
          type="text"
          inputMode="numeric"
          autoComplete="off"
          aria-label={`${label} · ${t('dateTime.day')}`}
          placeholder={t('dateRange.placeholder')}
          maxLength={10}
          value={dayInput}
          aria-invalid={invalid === 'day' || !!error}
          title={invalid === 'day' ? t('dateRange.invalid') : undefined}
          onChange={(e) => setDayInput(e.target.value)}
          onBlur={commit}
          onKeyDown={onKeyDown}
          className={clsx(inputClass, 'w-0 min-w-28 flex-[3]')}
        />
        <input
          type="text"
          inputMode="numeric"
          autoComplete="off"
          aria-label={`${label} · ${t('dateTime.time')}`}
          placeholder={t('dateTime.timePlaceholder')}
          maxLength={5}
          value={timeInput}
          aria-invalid={invalid === 'time'}
          title={invalid === 'time' ? t('dateTime.invalidTime') : undefined}
          onChange={(e) => setTimeInput(e.target.value)}
          onBlur={commit}
          onKeyDown={onKeyDown}
          className={clsx(inputClass, 'w-0 min-w-16 flex-[2]')}
        />
      </div>
      {error ? (
        <p className="text-sm text-danger" role="alert">
          {error}
        </p>
      ) : (
        hint && <p className="text-sm text-muted">{hint}</p>
      )}
    </fieldset>
  );
}
