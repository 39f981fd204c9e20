import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import type { STATEMENT_TYPES } from '@wallet/contract/statement';
import { formatMoney } from '@wallet/web-core/format';
import type { StatementFilter } from '../../api/statement.ts';
import { monthLabel } from './statement-dates.ts';

type StatementType = (typeof STATEMENT_TYPES)[number];
/** the chips' order: money in and out first (every type of the contract's list) */
const TYPES: readonly StatementType[] = ['deposit', 'withdraw', 'transfer', 'bonus', 'finish_bonus'];
const MONTH = /^20\d\d-(0[1-9]|1[0-2])$/;
/** the months offered: this one and the eleven before it */
const MONTHS_BACK = 12;

/** The filter in the address (?type=…&month=YYYY-MM); anything else is no filter. */
export function readFilter(params: URLSearchParams): StatementFilter {
  const type = params.get('type');
  const month = params.get('month');
  return {
    ...(type && (TYPES as readonly string[]).includes(type) ? { type: type as StatementType } : {}),
    ...(month && MONTH.test(month) ? { month } : {}),
  };
}

/** `YYYY-MM` of this month and the ones before it, in Thai time (as the server reads a month). */
function recentMonths(now: Date, count = MONTHS_BACK): string[] {
  const bangkok = new Date(now.getTime() + 7 * 3_600_000);
  const out: string[] = [];
  for (let back = 0; back < count; back++) {
    const date = new Date(Date.UTC(bangkok.getUTCFullYear(), bangkok.getUTCMonth() - back, 1));
    out.push(`${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  return out;
}

const CHIP =
  'min-h-11 shrink-0 rounded-full px-4 text-sm font-semibold whitespace-nowrap ring-1 ring-inset transition active:scale-95';

export type StatementFiltersProps = { filter: StatementFilter; onChange: (filter: StatementFilter) => void };

/**
 * Type chips (one row that scrolls sideways on a narrow phone, never wraps) and a month picker. The totals of the
 * filtered history come from the server (StatementTotals), never from the loaded page.
 */
export function StatementFilters({ filter, onChange }: StatementFiltersProps) {
  const { t, i18n } = useTranslation('statement');
  const types: Array<StatementType | undefined> = [undefined, ...TYPES];
  return (
    <div className="flex flex-col gap-2" data-testid="statement-filters">
      <div
        className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none]"
        role="group"
        aria-label={t('filter.type')}
      >
        {types.map((type) => {
          const isOn = filter.type === type;
          return (
            <button
              key={type ?? 'all'}
              type="button"
              aria-pressed={isOn}
              onClick={() => onChange({ ...filter, type })}
              className={clsx(
                CHIP,
                isOn ? 'bg-primary/20 text-primary ring-primary' : 'bg-surface text-fg ring-line hover:bg-surface-2',
              )}
              data-testid={`statement-type-${type ?? 'all'}`}
            >
              {type ? t(`type.${type}`) : t('filter.all')}
            </button>
          );
        })}
      </div>
      <label className="flex items-center gap-3 text-sm text-muted">
        <span className="shrink-0">{t('filter.month')}</span>
        <select
          value={filter.month ?? ''}
          onChange={(event) => onChange({ ...filter, month: event.target.value || undefined })}
          className="min-h-11 min-w-0 flex-1 rounded-xl bg-surface px-3 text-base text-fg ring-1 ring-line ring-inset"
          data-testid="statement-month"
        >
          <option value="">{t('filter.allMonths')}</option>
          {recentMonths(new Date()).map((month) => (
            <option key={month} value={month}>
              {monthLabel(month, t, i18n.language)}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

/** Money in and out of the whole filtered history, as the server summed it. */
export function StatementTotals({ totals, unit }: { totals: { in: number; out: number }; unit: string }) {
  const { t } = useTranslation('statement');
  return (
    <div className="grid grid-cols-2 gap-2" data-testid="statement-totals">
      <div className="rounded-2xl bg-success/10 px-3 py-2.5 ring-1 ring-success/25">
        <p className="text-xs text-muted">{t('filter.in')}</p>
        <p
          className={`font-bold break-all tabular-nums ${totals.in > 0 ? 'text-success' : 'text-fg'}`}
          data-testid="statement-total-in"
        >
          {totals.in > 0 ? '+' : ''}
          {formatMoney(totals.in)} <span className="text-xs font-normal text-muted">{unit}</span>
        </p>
      </div>
      <div className="rounded-2xl bg-danger/10 px-3 py-2.5 ring-1 ring-danger/25">
        <p className="text-xs text-muted">{t('filter.out')}</p>
        <p
          className={`font-bold break-all tabular-nums ${totals.out > 0 ? 'text-danger' : 'text-fg'}`}
          data-testid="statement-total-out"
        >
          {/* nothing out reads 0.00, never "−0.00" in red */}
          {totals.out > 0 ? '−' : ''}
          {formatMoney(totals.out)} <span className="text-xs font-normal text-muted">{unit}</span>
        </p>
      </div>
    </div>
  );
}
