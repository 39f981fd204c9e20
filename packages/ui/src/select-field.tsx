import { clsx } from 'clsx';
import type { ComponentProps, ReactNode } from 'react';
import { FieldShell } from './field-shell.tsx';

export type SelectOption = { value: string; label: string; disabled?: boolean };

export type SelectFieldProps = Omit<ComponentProps<'select'>, 'children'> & {
  label: ReactNode;
  options: readonly SelectOption[];
  /** a first, empty option ("Choose a bank"); selecting it yields '' */
  placeholder?: string;
  error?: ReactNode;
  hint?: ReactNode;
  isLabelHidden?: boolean;
  containerClassName?: string;
};

/** A labelled native select (native so phones show their own picker); `ref` reaches the select. */
export function SelectField({
  label,
  options,
  placeholder,
  error,
  hint,
  isLabelHidden = false,
  containerClassName,
  className,
  id,
  ...rest
}: SelectFieldProps) {
  return (
    <FieldShell
      label={label}
      error={error}
      hint={hint}
      isLabelHidden={isLabelHidden}
      className={containerClassName}
      id={id}
    >
      {(control) => (
        <div className="relative">
          <select
            {...control}
            className={clsx(
              'h-12 w-full appearance-none rounded-2xl bg-bg-raised pr-11 pl-4 text-base text-fg ring-1 ring-inset outline-none transition',
              'focus:ring-2 focus:ring-primary disabled:opacity-60',
              error ? 'ring-danger' : 'ring-line',
              className,
            )}
            {...rest}
          >
            {placeholder !== undefined && <option value="">{placeholder}</option>}
            {options.map((option) => (
              <option key={option.value} value={option.value} disabled={option.disabled}>
                {option.label}
              </option>
            ))}
          </select>
          <svg
            aria-hidden
            viewBox="0 0 20 20"
            className="pointer-events-none absolute top-1/2 right-4 size-5 -translate-y-1/2 text-muted"
          >
            <path
              d="M5 7.5l5 5 5-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </div>
      )}
    </FieldShell>
  );
}
