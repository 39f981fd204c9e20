import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { statusTone, type StatusTone } from './statement-status.ts';

const TONES: Record<StatusTone, string> = {
  success: 'bg-success/15 text-success ring-success/30',
  failed: 'bg-danger/15 text-danger ring-danger/30',
  pending: 'bg-warning/15 text-warning ring-warning/30',
  cancelled: 'bg-fg/10 text-muted ring-line',
  review: 'bg-warning/15 text-warning ring-warning/30',
};

/** SUCCESS green, FAILED red, CANCELLED grey, anything else "in progress" amber (docs/spec.md §4). */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('statement');
  const tone = statusTone(status);
  return (
    <span
      className={clsx(
        'inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-[11px] leading-4 font-bold ring-1 ring-inset',
        TONES[tone],
      )}
      data-status={tone}
    >
      {t(`status.${tone}`)}
    </span>
  );
}
