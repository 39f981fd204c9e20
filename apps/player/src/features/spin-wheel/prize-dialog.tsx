import { useTranslation } from 'react-i18next';
import { Button } from '@wallet/ui/button';
import { Icon } from '@wallet/ui/icon';
import { Modal } from '@wallet/ui/modal';
import type { SpinSetup } from '@wallet/contract/spinwheel';
import { htmlText } from './html-text.ts';

export type PrizeDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  label: string;
  htmlDescription: string;
  /** a prize (a coupon was made) or a "try again" */
  isWin: boolean;
  /** what the coupon gives once claimed (the server's `prizeKind`; absent from an older server) */
  kind?: PrizeKind;
};

type PrizeKind = NonNullable<NonNullable<SpinSetup['activeSpinwheel']>['slices'][number]['prizeKind']>;

/** every prize is a coupon to claim: the sheet says how it is paid, never "credited at once" */
const NOTE_KEYS = { credit: 'prize.claimCredit', bonus: 'prize.claimBonus', none: 'prize.couponNote' } as const;

/** docs/spec.md §4: opens 2 s after the wheel stops; closing it reloads the wheel state (the caller's onOpenChange). */
export function PrizeDialog({ open, onOpenChange, label, htmlDescription, isWin, kind }: PrizeDialogProps) {
  const { t } = useTranslation('spin');
  // a cash slice's operator text only restates the amount (and older seeds said "straight to your wallet")
  const showsDescription = !isWin || kind !== 'credit';
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      size="sm"
      title={isWin ? t('prize.winTitle') : t('prize.loseTitle')}
      footer={
        <Button isBlock onClick={() => onOpenChange(false)} data-testid="prize-close">
          {t('prize.close')}
        </Button>
      }
    >
      <div className="flex flex-col items-center gap-2 py-2 text-center" data-testid="prize-dialog">
        <span
          aria-hidden
          className={
            isWin
              ? 'flex size-16 items-center justify-center rounded-full bg-gradient-to-b from-amber-200 to-amber-500 text-amber-950 shadow-glow'
              : 'flex size-16 items-center justify-center rounded-full bg-surface-2 text-muted ring-1 ring-line'
          }
        >
          <Icon name={isWin ? 'gift' : 'refresh'} className="size-8" />
        </span>
        <p className="text-2xl font-extrabold text-primary" data-testid="prize-label">
          {label}
        </p>
        {showsDescription && <p className="whitespace-pre-line text-muted">{htmlText(htmlDescription)}</p>}
        {isWin && (
          <p className="mt-2 text-sm text-fg/80" data-testid="prize-note">
            {t(NOTE_KEYS[kind ?? 'none'])}
          </p>
        )}
      </div>
    </Modal>
  );
}
