import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import type { TransferOutcome } from '../../api/games.ts';
import { formatMoney } from '@wallet/web-core/format';
import { Icon } from '@wallet/ui/icon';

export type TransferResultProps = {
  outcome: TransferOutcome;
  amount: number;
  unit: string;
  fromName: string;
  toName: string;
};

/** Success, or PENDING shown as "being processed" (docs/design.md §3), never as a failure. */
export function TransferResult({ outcome, amount, unit, fromName, toName }: TransferResultProps) {
  const { t } = useTranslation('wallet');
  const isPending = outcome === 'pending';
  return (
    <div className="flex flex-col items-center py-4 text-center" role="status" data-testid={`transfer-${outcome}`}>
      <span
        className={clsx(
          'flex size-20 items-center justify-center rounded-full ring-8',
          isPending ? 'bg-warning/15 text-warning ring-warning/5' : 'bg-success/15 text-success ring-success/5',
        )}
      >
        <Icon name={isPending ? 'hourglass' : 'check'} className="size-10" strokeWidth={2.2} />
      </span>
      <h3 className="mt-5 text-xl font-bold">{t(isPending ? 'transfer.pending.title' : 'transfer.success.title')}</h3>
      <p className="mt-1 text-3xl font-bold text-primary tabular-nums">
        {formatMoney(amount)} <span className="text-base">{unit}</span>
      </p>
      <p className="mt-3 max-w-xs text-sm text-muted">
        {t(isPending ? 'transfer.pending.body' : 'transfer.success.body', {
          amount: `${formatMoney(amount)} ${unit}`,
          from: fromName,
          to: toName,
        })}
      </p>
    </div>
  );
}
