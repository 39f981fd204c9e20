import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@wallet/web-core/format';
import { notify } from '@wallet/web-core/toast';
import { depositBonusOutcome } from '../../api/bets.ts';
import { memberEvents } from '../../lib/member-events.ts';
import { useBonusChoiceStrings } from './bonus-choice-strings.ts';

const KNOWN_WHY = new Set([
  'NO_PROMOTION',
  'BONUS_ALREADY_ACTIVE',
  'BONUS_MAX_CLAIMED',
  'DEPOSIT_BELOW_MINIMUM',
  'BALANCE_ABOVE_MAX',
  'HELD_FOR_REVIEW',
]);

/**
 * While the QR tab is open: when a deposit is credited, what became of the bonus chosen with it (claimed, or not and
 * why) as a toast (docs/decisions/0042-bets-and-bonus-at-deposit.md). Renders nothing.
 */
export function BonusChoiceOutcome({ unit }: { unit: string }) {
  const { t } = useTranslation('bonusChoice');
  const isReady = useBonusChoiceStrings();
  useEffect(() => {
    if (!isReady) return;
    return memberEvents.onDeposit((event) => {
      void depositBonusOutcome(event.depositId).then(
        (outcome) => {
          if (!outcome || outcome.status === 'chosen') return;
          if (outcome.status === 'claimed')
            notify.success(t('outcome.claimed', { name: outcome.name, amount: formatMoney(outcome.amount), unit }));
          else {
            const why = t(`why.${outcome.reason && KNOWN_WHY.has(outcome.reason) ? outcome.reason : 'other'}`);
            notify.warning(t('outcome.skipped', { name: outcome.name, why }));
          }
        },
        // the deposit itself is shown either way; only the bonus line is missing
        () => undefined,
      );
    });
  }, [isReady, t, unit]);
  return null;
}
