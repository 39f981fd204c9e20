import type { Bonus } from '@wallet/contract/promotions';
import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { Icon } from '@wallet/ui/icon';
import { formatMoney } from '@wallet/web-core/format';
import { BannerBackground } from './banner-view.tsx';
import { bonusState } from './bonus-state.ts';

export type BonusListProps = {
  bonuses: Bonus[];
  now: Date;
  onOpen: (bonus: Bonus) => void;
  /** the wallet's currency label, for the claim rule's amount */
  unit: string;
  /** a bonus (or refund, invite) condition runs: no other card can be claimed until it ends */
  isConditionRunning?: boolean;
};

/**
 * docs/spec.md §2 bonus cards on their banner: the active one marked current, one whose receive limit is reached shown as
 * received and disabled, the others open the bonus modal (or, while a condition runs, are disabled with the reason).
 */
export function BonusList({ bonuses, now, onOpen, unit, isConditionRunning = false }: BonusListProps) {
  const { t } = useTranslation('promotions');
  return (
    <ul className="flex flex-col gap-3" data-testid="bonus-list">
      {bonuses.map((bonus) => {
        const state = bonusState(bonus, now, isConditionRunning);
        return (
          <li key={bonus.code}>
            <button
              type="button"
              disabled={state !== 'open'}
              onClick={() => onOpen(bonus)}
              aria-current={state === 'active' || undefined}
              data-testid={`bonus-card-${bonus.code}`}
              data-state={state}
              className={clsx(
                'block w-full overflow-hidden rounded-[var(--radius-card)] text-left ring-1 transition',
                state === 'active' && 'ring-2 ring-primary',
                (state === 'received' || state === 'blocked') && 'opacity-55 ring-line',
                state === 'open' && 'ring-line active:scale-[0.99]',
              )}
            >
              {/* the banner carries its own artwork and text: the name and state sit under it */}
              <BannerBackground banner={bonus.banners[0]} className="aspect-[3/1] w-full" />
              <div className="flex items-center justify-between gap-3 bg-surface px-4 py-3">
                <div className="min-w-0">
                  <p className="truncate font-bold">{bonus.name}</p>
                  <p className="text-xs text-muted">{t(`bonus.limit.${bonus.type}`, { max: bonus.maxReceived })}</p>
                  {/* the claim's balance rule (docs/decisions/0020-bonus-cancel-and-claim-rules.md) */}
                  {typeof bonus.maxBalanceAtClaim === 'number' && (
                    <p className="text-xs text-muted" data-testid={`bonus-max-balance-${bonus.code}`}>
                      {t('bonus.maxBalance', { amount: `${formatMoney(bonus.maxBalanceAtClaim)} ${unit}` })}
                    </p>
                  )}
                  {state === 'blocked' && (
                    <p className="text-xs font-semibold text-fg/80" data-testid={`bonus-blocked-${bonus.code}`}>
                      {t('bonus.blockedReason')}
                    </p>
                  )}
                </div>
                <span
                  className={clsx(
                    'inline-flex shrink-0 items-center gap-1 rounded-full px-2.5 py-1 text-xs font-bold',
                    state === 'active' && 'bg-primary text-on-primary',
                    (state === 'received' || state === 'blocked') && 'bg-surface-2 text-muted',
                    state === 'open' && 'bg-primary/15 text-primary',
                  )}
                >
                  {state === 'active' && <Icon name="check" className="size-3.5" />}
                  {state === 'blocked' && <Icon name="lock" className="size-3.5" />}
                  {t(`bonus.state.${state}`)}
                </span>
              </div>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
