import { TextField } from '@wallet/ui/text-field';
import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError } from './promotion-draft.ts';

/** A field's error in words (`errors.*` of the promotions namespace). */
export function useErrorText() {
  const { t } = useTranslation('promotions');
  return (error: FieldError | undefined): string | undefined =>
    error ? t(`errors.${error.key}`, error.values ?? {}) : undefined;
}

type NumberInputProps = {
  label: ReactNode;
  /** NaN shows an empty field; null (a cap) too */
  value: number | null;
  onChange: (text: string) => void;
  unit?: string;
  hint?: ReactNode;
  error?: FieldError | undefined;
  step?: string;
  placeholder?: string;
  testId?: string;
};

/** A number field with its unit on the right (%, ×, THB); the draft keeps the raw number (see promotion-draft.ts). */
export function NumberInput({
  label,
  value,
  onChange,
  unit,
  hint,
  error,
  step = 'any',
  placeholder,
  testId,
}: NumberInputProps) {
  const errorText = useErrorText();
  return (
    <TextField
      type="number"
      inputMode="decimal"
      step={step}
      label={label}
      hint={hint}
      error={errorText(error)}
      placeholder={placeholder}
      value={value === null || Number.isNaN(value) ? '' : value}
      onChange={(e) => onChange(e.target.value)}
      className="tabular-nums"
      endAdornment={unit && <span className="text-sm font-semibold">{unit}</span>}
      data-testid={testId}
    />
  );
}

type SegmentedProps<V extends string> = {
  label: ReactNode;
  value: V;
  options: ReadonlyArray<{ value: V; label: ReactNode; hint?: ReactNode }>;
  onChange: (value: V) => void;
  name: string;
};

/** A choice of two or three, every option visible (kind, receive limit, success rule). */
export function Segmented<V extends string>({ label, value, options, onChange, name }: SegmentedProps<V>) {
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-semibold text-muted">{label}</legend>
      <div className="grid auto-cols-fr grid-flow-col gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className={clsx(
              'flex cursor-pointer flex-col justify-center rounded-2xl px-4 py-2.5 ring-1 transition-colors ring-inset',
              option.value === value
                ? 'bg-primary/12 text-fg ring-2 ring-primary'
                : 'bg-bg-raised text-muted ring-line hover:text-fg',
            )}
          >
            <input
              type="radio"
              className="sr-only"
              name={name}
              value={option.value}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
            />
            <span className="text-sm font-semibold">{option.label}</span>
            {option.hint && <span className="text-xs text-subtle">{option.hint}</span>}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A titled block of the editor. */
export function Section({ title, hint, children }: { title: ReactNode; hint?: ReactNode; children: ReactNode }) {
  return (
    <section className="rounded-[var(--radius-card)] bg-surface ring-1 ring-line">
      <header className="border-b border-line px-6 py-4">
        <h2 className="text-base font-bold text-fg">{title}</h2>
        {hint && <p className="mt-0.5 text-sm text-muted">{hint}</p>}
      </header>
      <div className="flex flex-col gap-4 px-6 py-5">{children}</div>
    </section>
  );
}
