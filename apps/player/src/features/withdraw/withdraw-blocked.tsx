import type { ConditionProgress } from '../../api/promotions.ts';
import { WALLET_CODE } from '@wallet/contract/limits';
import type { Wallet } from '@wallet/contract/wallet';
import { useTranslation } from 'react-i18next';
import { Button } from '@wallet/ui/button';
import { Icon } from '@wallet/ui/icon';
import { formatMoney } from '@wallet/web-core/format';
import { presentError } from '@wallet/web-core/present-error';
import { notify } from '@wallet/web-core/toast';
import { useConditionProgress } from '../../api/promotions.ts';
import { useCollectAll } from '../../api/wallet.ts';
import { CancelBonus } from '../../components/cancel-bonus.tsx';
import { ConditionCard } from '../../components/condition-progress.tsx';
import { usePromotionStrings } from '../../components/promotion-strings.ts';

export type WithdrawBlockedProps = {
  /** the server refused with BONUS_REMAINING (shown even when the progress cannot be read) */
  isBlocked: boolean;
  unit: string;
};

export type WithdrawFixesProps = {
  wallet: Wallet;
  unit: string;
  /** the bonus was cancelled: withdrawals are open again */
  onCancelled: () => void;
};

/**
 * "Why can't I withdraw yet?" (docs/design.md §4): withdrawals wait for the running promotion condition (BONUS_REMAINING).
 * Shows the condition; the one-tap fixes are at the form (WithdrawFixes), which stays disabled meanwhile.
 */
export function WithdrawBlocked({ isBlocked, unit }: WithdrawBlockedProps) {
  const progress = useConditionProgress();
  const hasStrings = usePromotionStrings(Boolean(progress.data) || isBlocked);
  if ((!progress.data && !isBlocked) || !hasStrings) return null;
  return <BlockedView progress={progress.data ?? undefined} unit={unit} />;
}

type ViewProps = WithdrawFixesProps & { progress: ConditionProgress | undefined };

/** Why withdrawals wait: the explanation and the running condition (the fixes are at the form, WithdrawFixes). */
function BlockedView({ progress, unit }: { progress: ConditionProgress | undefined; unit: string }) {
  const { t } = useTranslation('promotions');
  return (
    <section className="flex flex-col gap-3" data-testid="withdraw-blocked">
      <div className="flex gap-3 rounded-2xl bg-warning/10 p-4 ring-1 ring-warning/30">
        <Icon name="lock" className="mt-0.5 size-5 shrink-0 text-warning" />
        <div className="min-w-0">
          <h3 className="font-bold">{t('withdraw.whyTitle')}</h3>
          <p className="mt-1 text-sm text-muted">{t('withdraw.whyBody')}</p>
        </div>
      </div>
      {progress && <ConditionCard progress={progress} unit={unit} />}
    </section>
  );
}

/**
 * The one-tap fixes, shown at the withdraw form while it is disabled (a running condition or BONUS_REMAINING): keep
 * playing, cancel the bonus (forfeiting it), collect the game balances.
 */
export function WithdrawFixes({ wallet, unit, onCancelled }: WithdrawFixesProps) {
  const progress = useConditionProgress();
  const hasStrings = usePromotionStrings(true);
  if (!hasStrings) return null;
  return <FixesView progress={progress.data ?? undefined} wallet={wallet} unit={unit} onCancelled={onCancelled} />;
}

function FixesView({ progress, wallet, unit, onCancelled }: ViewProps) {
  const { t } = useTranslation('promotions');
  const collect = useCollectAll();
  const inGames = wallet.slots.reduce((sum, slot) => sum + (slot.isActive ? slot.amount : 0), 0);

  const handleCollect = () =>
    collect.submit(
      { to: WALLET_CODE },
      {
        onSuccess: () => notify.success(t('withdraw.collected')),
        onError: (error) => presentError(error, { as: 'toast' }),
      },
    );

  return (
    <section className="flex flex-col gap-3" data-testid="withdraw-fixes">
      <h4 className="text-sm font-bold">{t('withdraw.fixesTitle')}</h4>
      <p className="flex gap-2 text-sm">
        <Icon name="play" className="mt-0.5 size-4 shrink-0 text-primary" />
        {t('withdraw.fixPlay')}
      </p>
      <CancelBonus progress={progress} unit={unit} onCancelled={onCancelled} />
      {inGames > 0 && (
        <Button
          variant="secondary"
          isBlock
          onClick={handleCollect}
          isLoading={collect.isPending}
          icon={<Icon name="collect" className="size-4" />}
          data-testid="withdraw-collect"
        >
          {t('withdraw.collect', { amount: `${formatMoney(inGames)} ${unit}` })}
        </Button>
      )}
    </section>
  );
}
