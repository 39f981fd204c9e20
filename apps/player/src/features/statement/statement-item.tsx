import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { StatementRow } from '@wallet/contract/statement';
import { formatDateTime, formatMoney } from '@wallet/web-core/format';
import { direction, isVoid } from './statement-status.ts';
import { StatementIcon } from './statement-icon.tsx';
import { placeName, rowNote, rowTitle } from './statement-text.ts';
import { StatusBadge } from './status-badge.tsx';

export type StatementItemProps = {
  row: StatementRow;
  gameNames: ReadonlyMap<string, string>;
  /** what the row offers under it (the statement route wires "Cancel request" on a cancellable withdrawal) */
  action?: ReactNode;
  /** opens the row's receipt */
  onOpen?: (row: StatementRow) => void;
};

export const SIGN = { in: '+', out: '−', neutral: '' } as const;
export const AMOUNT_TONE = { in: 'text-success', out: 'text-danger', neutral: 'text-fg' } as const;
const ICON_TONE = {
  deposit: 'bg-success/15 text-success',
  withdraw: 'bg-danger/15 text-danger',
  transfer: 'bg-info/15 text-info',
  bonus: 'bg-primary/15 text-primary',
  finish_bonus: 'bg-accent/20 text-fuchsia-300',
} as const;

/**
 * One transaction: type icon and name, from → to, signed amount, status badge, date; a tap opens its receipt. A move
 * that did not happen (failed, cancelled) shows the amount tried struck through, never as 0.00 or as money moved.
 */
export function StatementItem({ row, gameNames, action, onOpen }: StatementItemProps) {
  const { t } = useTranslation('statement');
  const isStruck = isVoid(row);
  const way = isStruck ? 'neutral' : direction(row);
  const note = rowNote(row, t);
  return (
    <li className="px-4 py-3.5" data-testid="statement-row" data-type={row.statementType}>
      <button
        type="button"
        onClick={() => onOpen?.(row)}
        className="flex w-full gap-3 rounded-xl text-left focus-visible:ring-2 focus-visible:ring-primary focus-visible:outline-none"
        aria-haspopup="dialog"
        data-testid="statement-open"
      >
        <span
          className={clsx(
            'flex size-11 shrink-0 items-center justify-center rounded-2xl',
            ICON_TONE[row.statementType] ?? ICON_TONE.transfer,
          )}
        >
          <StatementIcon type={row.statementType} className="size-5" />
        </span>
        <span className="block min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-2">
            <span className="min-w-0 font-bold break-words" data-testid="statement-type">
              {rowTitle(row, t)}
            </span>
            <span
              className={clsx(
                'shrink-0 font-bold tabular-nums',
                AMOUNT_TONE[way],
                isStruck && 'text-muted line-through',
              )}
              data-testid="statement-amount"
            >
              {SIGN[way]}
              {formatMoney(row.amount)}
            </span>
          </span>
          <span className="mt-0.5 flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
            {row.from || row.to ? (
              <span
                className="flex min-w-0 flex-wrap items-center gap-x-1 text-sm text-muted"
                data-testid="statement-route"
              >
                <span>{placeName(row.from, t, gameNames)}</span>
                <span aria-hidden className="text-subtle">
                  →
                </span>
                <span>{placeName(row.to, t, gameNames)}</span>
              </span>
            ) : (
              <span />
            )}
            <StatusBadge status={row.status} />
          </span>
          {note && (
            <span className="mt-0.5 block text-xs break-words text-fg/80" data-testid="statement-note">
              {note}
            </span>
          )}
          <span className="mt-0.5 block text-xs text-subtle tabular-nums">{formatDateTime(row.createdAt)}</span>
        </span>
      </button>
      {action && <div className="pl-14">{action}</div>}
    </li>
  );
}
