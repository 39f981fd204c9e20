import type { ConditionProgress } from '../api/promotions.ts';
import { useTranslation } from 'react-i18next';
import { Icon } from '@wallet/ui/icon';
import { formatDateTime, formatMoney } from '@wallet/web-core/format';

type ConditionCapsProps = { progress: ConditionProgress; unit: string };

/**
 * The promotion's caps in plain words (docs/decisions/0020-bonus-cancel-and-claim-rules.md): what the player keeps
 * at most after success (maxWithdraw), the largest bet that counts (maxBet) and the bets above it, which do not.
 */
export function ConditionCaps({ progress, unit }: ConditionCapsProps) {
  const { t } = useTranslation('promotions');
  const money = (amount: number) => `${formatMoney(amount)} ${unit}`;
  const { maxWithdraw, maxBet, overMaxBets } = progress;
  if (maxWithdraw === null && maxBet === null) return null;
  return (
    <>
      {maxWithdraw !== null && (
        <li className="flex gap-2" data-testid="condition-max-withdraw">
          <Icon name="alert" className="mt-0.5 size-4 shrink-0 text-warning" />
          <span>
            {t('condition.maxWithdraw', { maxWithdraw: money(maxWithdraw) })}
            {progress.current >= progress.target && ` ${t('condition.maxWithdrawWaiting')}`}
          </span>
        </li>
      )}
      {maxBet !== null && (
        <li className="flex flex-col gap-1" data-testid="condition-max-bet">
          <span className="flex gap-2">
            <Icon name="alert" className="mt-0.5 size-4 shrink-0 text-warning" />
            <span>{t('condition.maxBet', { maxBet: money(maxBet) })}</span>
          </span>
          {overMaxBets.count > 0 && (
            <div className="ms-6 rounded-xl bg-warning/10 p-2 text-xs" data-testid="condition-over-max-bets">
              <p>
                {t('condition.overMaxBets', {
                  count: overMaxBets.count,
                  maxBet: money(maxBet),
                  stake: money(overMaxBets.stake),
                })}
              </p>
              <ul className="mt-1 flex flex-col gap-0.5 tabular-nums">
                {overMaxBets.latest.map((bet) => (
                  <li key={`${bet.game}-${bet.betId}`} className="flex justify-between gap-2">
                    <span className="uppercase">{bet.game}</span>
                    <span>{formatDateTime(bet.placedAt)}</span>
                    <span className="font-semibold">{money(bet.stake)}</span>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </li>
      )}
    </>
  );
}
