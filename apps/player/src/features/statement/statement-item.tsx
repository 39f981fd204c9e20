import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { WALLET_CODE } from '@wallet/contract/limits';
import type { StatementRow } from '@wallet/contract/statement';
import { formatDateTime, formatMoney } from '@wallet/web-core/format';
import { direction } from './statement-status.ts';
import { StatementIcon } from './statement-icon.tsx';
import { StatusBadge } from './status-badge.tsx';

export type StatementItemProps = {
  row: StatementRow;
  gameNames: ReadonlyMap<string, string>;
  /** what the row offers under it (the statement route wires "Cancel request" on a cancellable withdrawal) */
  action?: ReactNode;
};

const SIGN = { in: '+', out: '−', neutral: '' } as const;
const AMOUNT_TONE = { in: 'text-success', out: 'text-danger', neutral: 'text-fg' } as const;
const ICON_TONE = {
  deposit: 'bg-success/15 text-success',
  withdraw: 'bg-danger/15 text-danger',
  transfer: 'bg-info/15 text-info',
  bonus: 'bg-primary/15 text-primary',
  finish_bonus: 'bg-accent/20 text-fuchsia-300',
} as const;

/** A withdrawal's reason once refused, with the money returned (docs/spec.md §4: FAILED shows why). */
function withdrawNote(row: StatementRow, t: (key: string, fallback: string) => string): string | undefined {
  if (!row.withdraw) return undefined;
  const reason = row.withdraw.reason
    ? t(`withdrawNote.reasons.${row.withdraw.reason}`, row.withdraw.reason)
    : undefined;
  const returned = row.withdraw.returned ? t('withdrawNote.returned', '') : undefined;
  return [reason, returned].filter(Boolean).join(' · ') || undefined;
}

/** One transaction: type icon and name, from → to, signed amount, status badge, date. */
export function StatementItem({ row, gameNames, action }: StatementItemProps) {
  const { t } = useTranslation('statement');
  const way = direction(row);
  const place = (code: string) =>
    code === WALLET_CODE ? t('wallet') : (gameNames.get(code) ?? t(`place.${code}`, { defaultValue: code }));
  const note =
    row.bonus?.name ??
    row.promotion?.description ??
    row.invite?.description ??
    row.refund?.description ??
    row.luckydraw?.description ??
    withdrawNote(row, (key, fallback) => t(key, { defaultValue: fallback }));
  return (
    <li className="flex gap-3 px-4 py-3.5" data-testid="statement-row" data-type={row.statementType}>
      <span
        className={clsx(
          'flex size-11 shrink-0 items-center justify-center rounded-2xl',
          ICON_TONE[row.statementType] ?? ICON_TONE.transfer,
        )}
      >
        <StatementIcon type={row.statementType} className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline justify-between gap-2">
          <p className="truncate font-bold" data-testid="statement-type">
            {row.finish
              ? t(`finish.${row.finish.outcome}`)
              : t(`type.${row.statementType}`, { defaultValue: row.statementType })}
          </p>
          <p className={clsx('shrink-0 font-bold tabular-nums', AMOUNT_TONE[way])} data-testid="statement-amount">
            {SIGN[way]}
            {formatMoney(row.amount)}
          </p>
        </div>
        <div className="mt-0.5 flex items-center justify-between gap-2">
          {row.from || row.to ? (
            <p className="flex min-w-0 items-center gap-1 text-sm text-muted" data-testid="statement-route">
              <span className="truncate">{place(row.from)}</span>
              <span aria-hidden className="shrink-0 text-subtle">
                →
              </span>
              <span className="truncate">{place(row.to)}</span>
            </p>
          ) : (
            <span />
          )}
          <StatusBadge status={row.status} />
        </div>
        {note && (
          <p className="mt-0.5 truncate text-xs text-fg/80" data-testid="statement-note">
            {note}
          </p>
        )}
        <p className="mt-0.5 text-xs text-subtle tabular-nums">{formatDateTime(row.createdAt)}</p>
        {action}
      </div>
    </li>
  );
}
