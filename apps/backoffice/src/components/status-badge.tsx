import { clsx } from 'clsx';
import type { ReactNode } from 'react';

export type BadgeTone = 'neutral' | 'success' | 'warning' | 'danger' | 'info';

const TONES: Record<BadgeTone, string> = {
  neutral: 'bg-surface-2 text-muted ring-line-strong',
  success: 'bg-success/12 text-success ring-success/30',
  warning: 'bg-warning/12 text-warning ring-warning/30',
  danger: 'bg-danger/12 text-danger ring-danger/30',
  info: 'bg-info/12 text-info ring-info/30',
};

/** A small pill for a status or a role. */
export function StatusBadge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return (
    <span
      className={clsx(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        TONES[tone],
      )}
    >
      {children}
    </span>
  );
}
