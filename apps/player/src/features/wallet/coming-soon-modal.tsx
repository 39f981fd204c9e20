import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { Icon, type IconName } from '../../components/ui/icon.tsx';

/** Home modals whose backend lands with a later issue. */
export type ComingSoonFeature = 'deposit' | 'withdraw' | 'invite' | 'refund' | 'referral';

const ICONS: Record<ComingSoonFeature, IconName> = {
  deposit: 'deposit',
  withdraw: 'withdraw',
  invite: 'invite',
  refund: 'refund',
  referral: 'bonus',
};

export type ComingSoonModalProps = { feature: ComingSoonFeature | null; onClose: () => void };

/** A clear, translated "coming soon" state for a modal whose service is not live yet (never a fake form). */
export function ComingSoonModal({ feature, onClose }: ComingSoonModalProps) {
  const { t } = useTranslation('wallet');
  const { t: tc } = useTranslation('common');
  return (
    <Modal
      open={feature !== null}
      onOpenChange={(open) => !open && onClose()}
      title={feature ? t(`comingSoon.${feature}`) : ''}
      size="sm"
      footer={
        <Button isBlock onClick={onClose} data-testid="coming-soon-ok">
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
