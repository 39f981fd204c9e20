import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import type { BetDayTotal, BetRow } from '@wallet/contract/bets';
import { formatDateTime, formatMoney } from '@wallet/web-core/format';

export type BetDayListProps = {
  bets: readonly BetRow[];
  /** the whole days' totals (every bet of the day in the filter, also those on later pages) */
  days: readonly BetDayTotal[];
  unit: string;
  gameName: (code: string) => string;
};

const tone = (amount: number) => (amount > 0 ? 'text-success' : amount < 0 ? 'text-danger' : 'text-fg');
const signed = (amount: number) => `${amount > 0 ? '+' : ''}${formatMoney(amount)}`;

/** Bets grouped by Bangkok day, each day headed by its totals: count, bets, win/loss, bonus turnover. */
export function BetDayList({ bets, days, unit, gameName }: BetDayListProps) {
  const { t } = useTranslation('bets');
  return (
    <div className="flex flex-col gap-4" data-testid="bet-days">
      {days.map((day) => (
        <section
          key={day.day}
          className="overflow-hidden rounded-[var(--radius-card)] bg-surface shadow-card ring-1 ring-line"
          data-testid={`bet-day-${day.day}`}
        >
          <header className="flex flex-col gap-1 bg-surface-2 px-4 py-3">
            <div className="flex items-baseline justify-between gap-2">
              <h2 className="font-bold tabular-nums">{day.day.split('-').reverse().join('/')}</h2>
              <span className="text-xs text-muted">{t('day.count', { count: day.betCount })}</span>
            </div>
            <dl className="grid grid-cols-3 gap-2 text-xs">
              <div>
                <dt className="text-muted">{t('day.stake')}</dt>
                <dd className="font-semibold tabular-nums">{formatMoney(day.stake)}</dd>
              </div>
              <div>
                <dt className="text-muted">{t('day.winLoss')}</dt>
                <dd className={clsx('font-semibold tabular-nums', tone(day.winLoss))} data-testid="bet-day-winloss">
                  {signed(day.winLoss)}
                </dd>
              </div>
              <div>
                <dt className="text-muted">{t('day.turnover')}</dt>
                <dd className="font-semibold tabular-nums">{formatMoney(day.turnover)}</dd>
              </div>
            </dl>
          </header>
          <ul className="divide-y divide-line/70">
            {bets
              .filter((bet) => bet.day === day.day)
              .map((bet) => (
                <li key={`${bet.game}:${bet.betId}`} className="flex flex-col gap-1 px-4 py-3" data-testid="bet-row">
                  <div className="flex items-baseline justify-between gap-3">
                    <p className="min-w-0 truncate font-semibold">{gameName(bet.game)}</p>
                    <p className={clsx('shrink-0 font-bold tabular-nums', tone(bet.winLoss))}>
                      {signed(bet.winLoss)} <span className="text-xs font-normal">{unit}</span>
                    </p>
                  </div>
                  <p className="text-xs text-muted tabular-nums">
                    {t('bet.stake')} {formatMoney(bet.stake)} · {t('bet.payout')} {formatMoney(bet.payout)} ·{' '}
                    {formatDateTime(bet.placedAt)}
                  </p>
                  <p className={clsx('text-xs', bet.turnover > 0 ? 'text-primary' : 'text-subtle')}>
                    {bet.turnover > 0 && bet.bonusName
                      ? t('bet.turnover', { amount: formatMoney(bet.turnover), name: bet.bonusName })
                      : t('bet.notCounted')}
                  </p>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
