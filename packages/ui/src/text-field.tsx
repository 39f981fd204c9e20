import { clsx } from 'clsx';
import type { ComponentProps, ReactNode } from 'react';
import { FieldShell } from './field-shell.tsx';

export type TextFieldProps = Omit<ComponentProps<'input'>, 'size'> & {
  label: ReactNode;
  /** shown under the field in the danger colour; also marks the input aria-invalid */
  error?: ReactNode;
  /** helper text under the field when there is no error */
  hint?: ReactNode;
  /** element inside the field on the left (icon, prefix) */
  startAdornment?: ReactNode;
  /** element inside the field on the right (unit, show-password button) */
  endAdornment?: ReactNode;
  /** visually hide the label (it stays for screen readers) */
  isLabelHidden?: boolean;
  containerClassName?: string;
};

/** A labelled input. Pass `inputMode` ('numeric', 'decimal', 'tel') for the right phone keyboard; `ref` reaches the input. */
export function TextField({
  label,
  error,
  hint,
  startAdornment,
  endAdornment,
  isLabelHidden = false,
  containerClassName,
  className,
  id,
  ...rest
}: TextFieldProps) {
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
        <div
          className={clsx(
            'flex min-h-12 items-center gap-2 rounded-2xl bg-bg-raised px-4 ring-1 ring-inset transition',
            'focus-within:ring-2 focus-within:ring-primary',
            error ? 'ring-danger' : 'ring-line',
            rest.disabled && 'opacity-60',
          )}
        >
          {startAdornment && <span className="flex shrink-0 items-center text-muted">{startAdornment}</span>}
          <input
            {...control}
            className={clsx(
              'h-12 w-full min-w-0 bg-transparent text-base text-fg outline-none placeholder:text-subtle',
              className,
            )}
            {...rest}
          />
          {endAdornment && <span className="flex shrink-0 items-center text-muted">{endAdornment}</span>}
        </div>
      )}
    </FieldShell>
  );
}
