import { clsx } from 'clsx';
import type { ReactNode } from 'react';

export type Chip<V> = { value: V; label: ReactNode; disabled?: boolean; testId?: string };

export type ChipGroupProps<V> = {
  /** the group's accessible name (usually the field's label) */
  label: string;
  chips: readonly Chip<V>[];
  /** the chip shown as chosen (none when no chip matches) */
  selected?: V | undefined;
  onSelect: (value: V) => void;
  /** a trailing action chip (e.g. "All"), styled as an action rather than a value */
  action?: { label: ReactNode; onClick: () => void; disabled?: boolean; testId?: string };
  className?: string;
};

/** Quick choices beside a field, e.g. quick amounts under a money input: 44 px targets, one row. */
export function ChipGroup<V extends string | number>({
  label,
  chips,
  selected,
  onSelect,
  action,
  className,
}: ChipGroupProps<V>) {
  return (
    <div className={clsx('grid grid-cols-5 gap-2', className)} role="group" aria-label={label}>
      {chips.map((chip) => (
        <button
          key={chip.value}
          type="button"
          disabled={chip.disabled}
          onClick={() => onSelect(chip.value)}
          className={clsx(
            'min-h-11 rounded-xl text-sm font-bold tabular-nums ring-1 transition ring-inset active:scale-95',
            selected === chip.value
              ? 'bg-primary/20 text-primary ring-primary'
              : 'bg-surface text-fg ring-line hover:bg-surface-2',
          )}
          data-testid={chip.testId}
        >
          {chip.label}
        </button>
      ))}
      {action && (
        <button
          type="button"
          disabled={action.disabled}
          onClick={action.onClick}
          className="min-h-11 rounded-xl bg-surface text-sm font-bold text-primary ring-1 ring-line transition ring-inset hover:bg-surface-2 active:scale-95 disabled:opacity-40"
          data-testid={action.testId}
        >
          {action.label}
        </button>
      )}
    </div>
  );
}
