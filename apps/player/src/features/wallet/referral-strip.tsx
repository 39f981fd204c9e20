import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { Button } from '@wallet/ui/button';
import { formatMoney } from '@wallet/web-core/format';
import { Icon } from '@wallet/ui/icon';

export type ReferralStripProps = { amount: number; unit: string; onReceive: () => void };

/** docs/spec.md §2: the referral (invite) bonus waiting to be received, with its receive button. */
export function ReferralStrip({ amount, unit, onReceive }: ReferralStripProps) {
  const { t } = useTranslation('wallet');
  return (
    <section
      className={clsx(
        'flex items-center gap-3 rounded-[var(--radius-card)] bg-gradient-to-r via-surface to-surface px-4 py-3 ring-1',
        amount > 0 ? 'from-primary/15 ring-primary/25' : 'from-white/5 ring-line',
      )}
    >
      <span className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-primary/20 text-primary">
        <Icon name="referral" className="size-6" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate text-xs font-semibold text-muted">{t('referral.title')}</p>
        <p className="text-lg leading-tight font-bold tabular-nums" data-testid="referral-amount">
          {formatMoney(amount)} <span className="text-xs font-semibold text-muted">{unit}</span>
        </p>
      </div>
      {/* nothing to receive yet: the button stays but steps back (no bright call to action on 0.00) */}
      <Button
        size="sm"
        variant={amount > 0 ? 'primary' : 'secondary'}
        onClick={onReceive}
        data-testid="referral-receive"
        className="px-4"
      >
        {t('referral.receive')}
      </Button>
    </section>
  );
}
