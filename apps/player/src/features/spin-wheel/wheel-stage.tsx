import type { SpinSetup } from '@wallet/contract/spinwheel';
import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { Icon } from '@wallet/ui/icon';
import { useFontsReady } from './use-fonts-ready.ts';
import { useWheelSize } from './use-wheel-size.ts';
import { WheelCanvas } from './wheel-canvas.tsx';

type Slice = NonNullable<SpinSetup['activeSpinwheel']>['slices'][number];

export type WheelStageProps = {
  slices: Slice[];
  coins: number;
  isSpinning: boolean;
  winner: number | null;
  onRotor: (el: HTMLCanvasElement | null) => void;
  onSpin: () => void;
};

/** The wheel, its pointer, and the coin count in the centre that is the spin button (docs/spec.md §2, §5). */
export function WheelStage({ slices, coins, isSpinning, winner, onRotor, onSpin }: WheelStageProps) {
  const { t } = useTranslation('spin');
  const size = useWheelSize();
  const isFontReady = useFontsReady(slices.map((s) => s.label));
  const canSpin = !isSpinning && coins > 0;
  const hub = Math.round(size * 0.26);
  // docs/spec.md §5: a click is ignored while spinning or with 0 coins (the button stays focusable and announced)
  const handleClick = () => {
    if (canSpin) onSpin();
  };
  return (
    <div className="flex flex-col items-center gap-3">
      <div className="relative" style={{ width: size, height: size }} data-testid="spin-wheel" data-size={size}>
        <WheelCanvas slices={slices} size={size} winner={winner} isFontReady={isFontReady} onRotor={onRotor} />
        <svg
          aria-hidden
          viewBox="0 0 40 48"
          className="absolute top-[-14px] left-1/2 w-9 -translate-x-1/2 drop-shadow-[0_4px_6px_rgba(0,0,0,0.5)]"
        >
          <path d="M20 46 L4 12 A17 17 0 1 1 36 12 Z" fill="#fde047" stroke="#92400e" strokeWidth="2.5" />
          <circle cx="20" cy="15" r="5.5" fill="#92400e" />
        </svg>
        <button
          type="button"
          onClick={handleClick}
          aria-disabled={!canSpin}
          aria-label={t('spinAria', { count: coins })}
          data-testid="spin-button"
          className={clsx(
            'absolute top-1/2 left-1/2 flex -translate-x-1/2 -translate-y-1/2 flex-col items-center justify-center rounded-full',
            'bg-[radial-gradient(circle_at_35%_30%,#fff7cc,#facc15_45%,#b45309)] text-[#3b1d00] ring-4 ring-[#7c2d12]/70',
            'shadow-[0_6px_18px_rgba(0,0,0,0.55),inset_0_-4px_8px_rgba(120,53,15,0.45)] transition',
            canSpin ? 'cursor-pointer hover:brightness-110 active:scale-95' : 'cursor-default',
            coins <= 0 && 'grayscale-[60%]',
          )}
          style={{ width: hub, height: hub }}
        >
          <Icon name="coin" className="size-5 opacity-80" />
          <span className="text-2xl leading-none font-extrabold tabular-nums" data-testid="spin-coins">
            {coins}
          </span>
          <span className="text-[10px] leading-tight font-bold uppercase">{t('coinLabel', { count: coins })}</span>
        </button>
      </div>
      <p className="min-h-5 text-center text-sm font-semibold text-muted" aria-live="polite">
        {isSpinning ? t('spinning') : coins > 0 ? t('tapToSpin') : t('noCoins')}
      </p>
    </div>
  );
}
