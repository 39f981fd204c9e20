import type { Coupon } from '@wallet/contract/spinwheel';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wallet/ui/button';
import { EmptyState } from '@wallet/ui/empty-state';
import { Icon } from '@wallet/ui/icon';
import { presentError } from '@wallet/web-core/present-error';
import { useCoupons, useReloadSpin, useSpin, useSpinSetup } from '../../../api/spinwheel.ts';
import { useWallet } from '../../../api/wallet.ts';
import { ClaimDialog } from '../../../features/spin-wheel/claim-dialog.tsx';
import { PRIZE_MODAL_DELAY_MS } from '../../../features/spin-wheel/constants.ts';
import { CouponTable } from '../../../features/spin-wheel/coupon-table.tsx';
import { OddsDialog } from '../../../features/spin-wheel/odds-dialog.tsx';
import { PrizeDialog, type PrizeDialogProps } from '../../../features/spin-wheel/prize-dialog.tsx';
import { ensureSpinStrings, useSpinStrings } from '../../../features/spin-wheel/spin-strings.ts';
import { useWheelSpin } from '../../../features/spin-wheel/use-wheel-spin.ts';
import { WheelStage } from '../../../features/spin-wheel/wheel-stage.tsx';
import { LoadFailed } from '../../shell/load-failed.tsx';

type Prize = { label: string; htmlDescription: string; isWin: boolean; kind?: PrizeDialogProps['kind'] };

/** The screen's strings arrive with it (spin-strings.ts). */
export async function loader() {
  await ensureSpinStrings();
  return null;
}

/** docs/spec.md §2 /user/spin: the canvas wheel, the coupon table, the prize and claim modals (docs/design.md §9.7). */
export function Component() {
  return useSpinStrings() ? <SpinScreen /> : null;
}

function SpinScreen() {
  const { t } = useTranslation('spin');
  const { t: tw } = useTranslation('wallet');
  const setup = useSpinSetup();
  const coupons = useCoupons();
  const wallet = useWallet();
  const spin = useSpin();
  const reload = useReloadSpin();
  const { rotorRef, setRotor, spinTo } = useWheelSpin();
  const isBusy = useRef(false);
  const prizeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [isSpinning, setIsSpinning] = useState(false);
  const [winner, setWinner] = useState<number | null>(null);
  const [coinsLeft, setCoinsLeft] = useState<number | null>(null);
  const [prize, setPrize] = useState<Prize | null>(null);
  const [claiming, setClaiming] = useState<Coupon | null>(null);
  const [isOddsOpen, setIsOddsOpen] = useState(false);
  useEffect(() => () => clearTimeout(prizeTimer.current), []);

  const currency = wallet.data?.wallet.currency ?? 'THB';
  const unit = tw(`unit.${currency}`, { defaultValue: currency });
  const wheel = setup.data?.activeSpinwheel ?? null;
  const coins = coinsLeft ?? setup.data?.userCoin ?? 0;

  const handleSpin = async () => {
    // docs/spec.md §5: ignored while spinning (until the prize modal closes) or with no coins
    if (isBusy.current || !wheel || coins <= 0) return;
    isBusy.current = true;
    setIsSpinning(true);
    setWinner(null);
    try {
      const answer = await spin.run(null);
      const index = answer.result ? wheel.slices.findIndex((s) => s.code === answer.result?.code) : -1;
      const slice = wheel.slices[index];
      if (!answer.success || !answer.result || !slice) throw new Error(answer.error ?? 'NO_DATA');
      setCoinsLeft(answer.result.remainingCoin);
      if (rotorRef.current) rotorRef.current.dataset.target = answer.result.code;
      await spinTo(index, wheel.slices.length);
      setIsSpinning(false);
      setWinner(index);
      const isWin = slice.isPrize ?? true;
      prizeTimer.current = setTimeout(
        () =>
          setPrize({
            label: answer.result?.label ?? slice.label,
            htmlDescription: slice.htmlDescription,
            isWin,
            kind: slice.prizeKind,
          }),
        PRIZE_MODAL_DELAY_MS,
      );
    } catch (error) {
      presentError(error, { as: 'alert', title: t('errorTitle') });
      isBusy.current = false;
      setIsSpinning(false);
      setCoinsLeft(null);
      void reload();
    }
  };

  /** docs/spec.md §4: closing the prize modal reloads the wheel state. */
  const closePrize = () => {
    setPrize(null);
    setWinner(null);
    void reload().then(() => {
      setCoinsLeft(null);
      isBusy.current = false;
    });
  };

  if (setup.isError) {
    return (
      <main data-route="user/spin">
        <LoadFailed isRetrying={setup.isFetching} onRetry={() => void setup.refetch()} />
      </main>
    );
  }

  return (
    <main data-route="user/spin" className="flex flex-col gap-4">
      <header className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl leading-snug font-bold">{t('title')}</h1>
          <p className="text-sm text-muted">{t('subtitle')}</p>
        </div>
        {wheel && (
          <Button
            variant="secondary"
            size="sm"
            icon={<Icon name="info" className="size-4" />}
            onClick={() => setIsOddsOpen(true)}
            data-testid="spin-odds"
          >
            {t('odds.button')}
          </Button>
        )}
      </header>

      <section className="relative overflow-hidden rounded-[var(--radius-card)] bg-[radial-gradient(circle_at_50%_35%,color-mix(in_oklab,var(--color-accent)_45%,var(--color-surface)),var(--color-bg-raised)_75%)] px-2 pt-8 pb-5 ring-1 ring-line">
        {setup.isPending ? (
          <div className="mx-auto aspect-square w-[min(350px,85vw)] animate-pulse rounded-full bg-surface-2" />
        ) : wheel ? (
          <WheelStage
            slices={wheel.slices}
            coins={coins}
            isSpinning={isSpinning || winner !== null}
            winner={winner}
            onRotor={setRotor}
            onSpin={() => void handleSpin()}
          />
        ) : (
          <EmptyState icon="wheel" title={t('inactiveTitle')} description={t('inactiveBody')} />
        )}
      </section>

      <CouponTable coupons={coupons.data ?? []} unit={unit} onClaim={setClaiming} />

      {prize && (
        <PrizeDialog
          open
          onOpenChange={(open) => !open && closePrize()}
          label={prize.label}
          htmlDescription={prize.htmlDescription}
          isWin={prize.isWin}
          kind={prize.kind}
        />
      )}
      {claiming && (
        <ClaimDialog
          open
          coupon={claiming}
          unit={unit}
          onOpenChange={(open) => !open && setClaiming(null)}
          onSuccess={() => void reload()}
        />
      )}
      {isOddsOpen && wheel && (
        <OddsDialog
          open
          onOpenChange={setIsOddsOpen}
          colours={new Map(wheel.slices.map((s) => [s.code, { bg: s.bgColor, fg: s.textColor }]))}
        />
      )}
    </main>
  );
}
