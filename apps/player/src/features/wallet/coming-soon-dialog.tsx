import { useTranslation } from 'react-i18next';
import { Button } from '@wallet/ui/button';
import { Modal } from '@wallet/ui/modal';
import { Icon, type IconName } from '@wallet/ui/icon';

/** Home modals whose backend lands with a later issue. */
export type ComingSoonFeature = 'deposit' | 'withdraw' | 'invite' | 'refund' | 'referral';

const ICONS: Record<ComingSoonFeature, IconName> = {
  deposit: 'deposit',
  withdraw: 'withdraw',
  invite: 'invite',
  refund: 'refund',
  referral: 'bonus',
};

export type ComingSoonDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  feature: ComingSoonFeature | null;
};

/** A clear, translated "coming soon" state for a modal whose service is not live yet (never a fake form). */
export function ComingSoonDialog({ open, onOpenChange, feature }: ComingSoonDialogProps) {
  const { t } = useTranslation('wallet');
  const { t: tc } = useTranslation('common');
  return (
    <Modal
      open={open && feature !== null}
      onOpenChange={onOpenChange}
      title={feature ? t(`comingSoon.${feature}`) : ''}
      size="sm"
      footer={
        <Button isBlock onClick={() => onOpenChange(false)} data-testid="coming-soon-ok">
          {t('comingSoon.ok')}
        </Button>
      }
    >
      <div className="flex flex-col items-center pt-2 pb-1 text-center" data-testid="coming-soon">
        <span className="relative flex size-20 items-center justify-center rounded-3xl bg-gradient-to-b from-[color-mix(in_oklab,var(--color-primary)_75%,white)] to-primary text-on-primary shadow-glow">
          {feature && <Icon name={ICONS[feature]} className="size-10" strokeWidth={1.9} />}
        </span>
        <p className="mt-5 inline-flex items-center gap-1.5 rounded-full bg-primary/15 px-3 py-1 text-xs font-bold tracking-wide text-primary uppercase">
          <Icon name="sparkle" className="size-3.5" />
          {tc('comingSoon.badge')}
        </p>
        <p className="mt-3 max-w-xs text-base text-muted">{t('comingSoon.body')}</p>
      </div>
    </Modal>
  );
}
