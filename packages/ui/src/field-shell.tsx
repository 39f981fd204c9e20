import { clsx } from 'clsx';
import { useId, type ReactNode } from 'react';

export type FieldShellProps = {
  label: ReactNode;
  /** shown under the control in the danger colour (role=alert) */
  error?: ReactNode;
  /** helper text under the control when there is no error */
  hint?: ReactNode;
  /** visually hide the label (it stays for screen readers) */
  isLabelHidden?: boolean;
  className?: string;
  /** the control's id (generated when absent) */
  id?: string | undefined;
  /** renders the control, given the ids and aria attributes it must carry */
  children: (control: {
    id: string;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
  }) => ReactNode;
};

/**
 * The frame every form field shares: a label bound to the control, the control, then the error (or hint) that
 * describes it. TextField and SelectField are built on it; a new kind of field (a chip group, an upload) uses it
 * to look and announce the same way.
 */
export function FieldShell({ label, error, hint, isLabelHidden = false, className, id, children }: FieldShellProps) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const noteId = `${controlId}-note`;
  const note = error ?? hint;
  return (
    <div className={clsx('flex flex-col gap-1.5', className)}>
      <label htmlFor={controlId} className={clsx('text-sm font-semibold text-muted', isLabelHidden && 'sr-only')}>
        {label}
      </label>
      {children({
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': note ? noteId : undefined,
      })}
      {note && (
        <p
          id={noteId}
          role={error ? 'alert' : undefined}
          className={clsx('text-sm', error ? 'text-danger' : 'text-subtle')}
        >
          {note}
        </p>
      )}
    </div>
  );
}
