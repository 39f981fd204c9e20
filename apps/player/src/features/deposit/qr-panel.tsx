// Longer than 300 lines by choice: the QR sheet is one flow (rail, amount form, the open QR with its countdown, save as
// image, paying from this phone) sharing the open QR's state; its amount rules live in qr-amount.ts, the image lazily.
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QR_PROVIDERS, type Currency, type QrProvider } from '@wallet/contract/limits';
import type { QrState } from '@wallet/contract/wallet';
import { Button } from '@wallet/ui/button';
import { ChipGroup } from '@wallet/ui/chip-group';
import { Icon } from '@wallet/ui/icon';
import { Spinner } from '@wallet/ui/spinner';
import { TextField } from '@wallet/ui/text-field';
import { formatMoney } from '@wallet/web-core/format';
import { presentError } from '@wallet/web-core/present-error';
import { notify } from '@wallet/web-core/toast';
import { cancelQr, depositQueries, useCreateQr, useQrState } from '../../api/deposit.ts';
import { memberEvents } from '../../lib/member-events.ts';
import { copyText } from '@wallet/web-core/copy-text';
import { formatMmSs, useSecondsLeft } from './countdown.ts';
import { creatableAmount, hasTooManyDecimals, isAboveQrMaximum, qrMinimum, sanitizeAmount } from './qr-amount.ts';

// the bonus picker and its outcome toast load on their own, after the sheet (docs/decisions/0042-bets-and-bonus-at-deposit.md)
const BonusChoice = lazy(() => import('./bonus-choice.tsx').then((m) => ({ default: m.BonusChoice })));
const BonusChoiceOutcome = lazy(() => import('./bonus-choice.tsx').then((m) => ({ default: m.BonusChoiceOutcome })));

export type QrPanelProps = {
  unit: string;
  /** the wallet's currency: a kip wallet pays by LAPNet QR (docs/payments.md §2), a baht wallet through the Thai PSPs */
  currency?: Currency;
  /** the wallet currency's minimum and quick amounts, from the settings (GET /api/lookup/deposit byCurrency) */
  minDeposit: number;
  quickAmounts?: readonly number[];
  /** the largest QR deposit in the wallet's currency (settings; an older server sends none) */
  maxQrDeposit?: number;
  /** "transfer done": the refresh-balance message, then the modal closes */
  onDone: () => void;
};

/** docs/spec.md §4 QR deposit: amount → QR with a mm:ss countdown → paid (push), cancelled or dropped at 00:00. */
export function QrPanel({ unit, currency = 'THB', minDeposit, quickAmounts = [], maxQrDeposit, onDone }: QrPanelProps) {
  const { t } = useTranslation('deposit');
  const rails = railsOf(currency);
  const [provider, setProvider] = useState<QrProvider>(rails[0] ?? 'KBANK');
  const state = useQrState(provider);
  const queryClient = useQueryClient();
  // a QR was created with a bonus: its credit's outcome (claimed, or not and why) is told when the money comes
  const [isBonusChosen, setBonusChosen] = useState(false);

  // money came in: a paid QR is spent (docs/decisions/0025), so no QR stays on screen; the server says what is open.
  // With no QR open (the amount form showing), the answer is read again in the background: resetting it would show
  // the spinner and remount the form, losing what the member has typed.
  useEffect(
    () =>
      memberEvents.onDeposit(() => {
        const queryKey = ['deposit', 'qr'];
        const isQrOpen = queryClient
          .getQueriesData<{ hasQrcode?: boolean }>({ queryKey })
          .some(([, data]) => data?.hasQrcode === true);
        void (isQrOpen ? queryClient.resetQueries({ queryKey }) : queryClient.invalidateQueries({ queryKey }));
      }),
    [queryClient],
  );

  return (
    <div className="flex flex-col gap-4">
      {isBonusChosen && (
        <Suspense fallback={null}>
          <BonusChoiceOutcome unit={unit} />
        </Suspense>
      )}
      <ChipGroup
        label={t('qr.provider')}
        chips={rails.map((p) => ({
          value: p,
          label: currency === 'LAK' ? t('qr.lapnet') : t(`qr.providers.${p}`),
          testId: `qr-provider-${p}`,
        }))}
        selected={provider}
        onSelect={setProvider}
        // five rail names do not fit one row of a 320 px phone: three a row there
        className="max-[359px]:grid-cols-3"
      />
      {state.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner size="md" />
        </div>
      ) : state.data?.hasQrcode ? (
        <QrView
          key={state.data.qrcodeId}
          provider={provider}
          qr={state.data}
          unit={unit}
          isLapnet={currency === 'LAK'}
          onDone={onDone}
        />
      ) : (
        <QrForm
          key={provider}
          provider={provider}
          unit={unit}
          currency={currency}
          minDeposit={minDeposit}
          quickAmounts={quickAmounts}
          maxQrDeposit={maxQrDeposit}
          onBonusChosen={() => setBonusChosen(true)}
        />
      )}
    </div>
  );
}

/**
 * The QR rails a wallet pays on: every Thai PSP for baht; for kip one LAPNet rail (any Lao banking app scans it),
 * carried by the first PSP, which answers a LAK request with a LAPNet payload (docs/payments.md §2).
 */
const railsOf = (currency: Currency): readonly QrProvider[] =>
  currency === 'LAK' ? QR_PROVIDERS.slice(0, 1) : QR_PROVIDERS;

function QrForm({
  provider,
  unit,
  currency,
  minDeposit,
  quickAmounts,
  maxQrDeposit,
  onBonusChosen,
}: {
  provider: QrProvider;
  unit: string;
  currency: Currency;
  minDeposit: number;
  quickAmounts: readonly number[];
  maxQrDeposit: number | undefined;
  onBonusChosen: () => void;
}) {
  const { t } = useTranslation('deposit');
  const queryClient = useQueryClient();
  const create = useCreateQr();
  const [amount, setAmount] = useState('');
  const [bonusCode, setBonusCode] = useState<string | null>(null);
  const value = creatableAmount(amount, provider, minDeposit, currency, maxQrDeposit);
  const minimum = qrMinimum(provider, minDeposit, currency);

  const handleCreate = () => {
    if (value === null) return;
    create.submit(
      { provider, amount: value, bonusCode },
      {
        onSuccess: (qr) => {
          // docs/spec.md §8: hasQrcode false shows the server's message
          if (!qr.hasQrcode) notify.error(qr.message);
          else {
            if (bonusCode) onBonusChosen();
            queryClient.setQueryData(depositQueries.qr(provider).queryKey, qr);
          }
        },
        onError: (error) => presentError(error, { as: 'alert', title: t('errorLabel') }),
      },
    );
  };

  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        handleCreate();
      }}
    >
      <TextField
        label={t('qr.amount')}
        inputMode="decimal"
        autoComplete="off"
        placeholder={t('qr.amountPlaceholder', { min: formatMoney(minimum) })}
        value={amount}
        onChange={(event) => setAmount(sanitizeAmount(event.target.value))}
        hint={
          maxQrDeposit === undefined
            ? t('qr.minimum', { amount: `${formatMoney(minimum)} ${unit}` })
            : t('qr.range', { min: `${formatMoney(minimum)} ${unit}`, max: `${formatMoney(maxQrDeposit)} ${unit}` })
        }
        error={
          hasTooManyDecimals(amount)
            ? t('AMOUNT_DECIMALS', { ns: 'errors' })
            : isAboveQrMaximum(amount, maxQrDeposit)
              ? t('DEPOSIT_MAXIMUM', { ns: 'errors' })
              : undefined
        }
        endAdornment={<span className="text-sm font-semibold">{unit}</span>}
        className="text-lg font-bold tabular-nums"
        data-testid="qr-amount"
      />
      <ChipGroup
        label={t('qr.quickAmounts')}
        chips={quickAmounts
          .filter((quick) => quick >= minimum)
          .map((quick) => ({
            value: quick,
            label: quick.toLocaleString('en-US'),
            testId: `qr-quick-${quick}`,
          }))}
        selected={Number(amount) || undefined}
        onSelect={(quick) => setAmount(String(quick))}
      />
      <Suspense fallback={null}>
        <BonusChoice amount={value} unit={unit} value={bonusCode} onChange={setBonusCode} />
      </Suspense>
      <Button
        type="submit"
        isBlock
        size="lg"
        disabled={value === null}
        isLoading={create.isPending}
        data-testid="qr-create"
      >
        {t('qr.create')}
      </Button>
      <p className="text-center text-xs text-muted">{t('qr.oneDeposit')}</p>
    </form>
  );
}

function QrView({
  provider,
  qr,
  unit,
  isLapnet,
  onDone,
}: {
  provider: QrProvider;
  qr: QrState;
  unit: string;
  isLapnet: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation('deposit');
  const queryClient = useQueryClient();
  const secondsLeft = useSecondsLeft(qr.expireIn);
  const [isCancelling, setIsCancelling] = useState(false);
  const [isSaving, setIsSaving] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: depositQueries.qr(provider).queryKey });
  const isExpired = Boolean(qr.expireIn) && secondsLeft === 0;
  const src = qr.qrcode ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(qr.qrcode)}` : null;

  const handleCancel = async () => {
    if (!qr.qrcodeId) return;
    setIsCancelling(true);
    try {
      await cancelQr(qr.qrcodeId);
      await refresh();
    } catch (error) {
      presentError(error, { as: 'alert', title: t('errorLabel') });
    } finally {
      setIsCancelling(false);
    }
  };

  // the QR as a picture for the bank app on this same phone (drawn by a chunk loaded on the first tap)
  const handleSave = async () => {
    if (!qr.qrcode) return;
    setIsSaving(true);
    try {
      const [{ renderQrImage }, { shareOrSave }] = await Promise.all([
        import('./qr-image.ts'),
        import('../../lib/share-image.ts'),
      ]);
      const until = new Intl.DateTimeFormat('en-GB', {
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone: 'Asia/Bangkok',
      }).format(new Date(Date.now() + secondsLeft * 1000));
      const blob = await renderQrImage({
        svg: qr.qrcode,
        brand: t('common:app.name'),
        amount: `${formatMoney(qr.amount ?? 0)} ${unit}`,
        expires: t('qr.payBefore', { time: until }),
        caption: t(isLapnet ? 'qr.scanLapnet' : 'qr.scan'),
      });
      const outcome = await shareOrSave(blob, `qr-${qr.qrcodeId ?? 'deposit'}.png`, t('qr.save'));
      if (outcome === 'saved') notify.success(t('qr.saved'));
    } catch {
      notify.error(t('qr.saveFailed'));
    } finally {
      setIsSaving(false);
    }
  };

  if (isExpired) {
    return (
      <div className="flex flex-col items-center gap-3 py-6 text-center" data-testid="qr-expired">
        <Icon name="clock" className="size-10 text-muted" />
        <p className="font-semibold">{t('qr.expired')}</p>
        <Button variant="secondary" onClick={() => void refresh()}>
          {t('qr.again')}
        </Button>
      </div>
    );
  }

  return (
    <div className="flex flex-col items-center gap-3" data-testid="qr-view" data-payload={qr.payload ?? undefined}>
      <div className="flex w-full items-baseline justify-between">
        <span className="text-sm text-muted">{t('qr.toPay')}</span>
        <span className="text-2xl font-bold tabular-nums" data-testid="qr-view-amount">
          {formatMoney(qr.amount ?? 0)} <span className="text-base">{unit}</span>
        </span>
      </div>
      <div className="rounded-3xl bg-white p-3 shadow-card">
        {src && (
          <img src={src} alt={t('qr.alt')} className="size-56 [image-rendering:pixelated]" data-testid="qr-image" />
        )}
      </div>
      <p className="flex items-center gap-2 text-sm" aria-live="off">
        <Icon name="hourglass" className="size-4 text-primary" />
        {t('qr.expiresIn')}
        <span className="text-lg font-bold tabular-nums" data-testid="qr-countdown">
          {formatMmSs(secondsLeft)}
        </span>
      </p>
      <p className="text-center text-xs text-muted">{t(isLapnet ? 'qr.scanLapnet' : 'qr.scan')}</p>
      <div className="grid w-full grid-cols-2 gap-2">
        {src && (
          <Button
            variant="secondary"
            size="sm"
            isLoading={isSaving}
            onClick={() => void handleSave()}
            icon={<Icon name="collect" className="size-4 shrink-0" />}
            data-testid="qr-save"
          >
            {/* the Button's own whitespace-nowrap wins over a class on it: the label wraps on a 320 px phone */}
            <span className="min-w-0 leading-tight whitespace-normal">{t('qr.save')}</span>
          </Button>
        )}
        {qr.payload && (
          <Button
            variant="secondary"
            size="sm"
            icon={<Icon name="copy" className="size-4 shrink-0" />}
            data-testid="qr-copy"
            onClick={() =>
              void copyText(qr.payload ?? '').then(
                () => notify.success(t('qr.copied')),
                () => notify.error(t('qr.copyFailed')),
              )
            }
          >
            {/* the Button's own whitespace-nowrap wins over a class on it: the label wraps on a 320 px phone */}
            <span className="min-w-0 leading-tight whitespace-normal">{t('qr.copyCode')}</span>
          </Button>
        )}
      </div>
      <details className="w-full rounded-2xl bg-surface-2 px-4 ring-1 ring-line" data-testid="qr-same-phone">
        <summary className="flex min-h-11 cursor-pointer items-center gap-2 text-sm font-semibold">
          <Icon name="phone" className="size-4 text-primary" />
          {t('qr.samePhone.title')}
        </summary>
        <ol className="list-decimal space-y-1.5 pb-3 pl-5 text-sm text-muted">
          <li>{t('qr.samePhone.save')}</li>
          <li>{t(isLapnet ? 'qr.samePhone.openLapnet' : 'qr.samePhone.open')}</li>
          <li>{t('qr.samePhone.pick')}</li>
          <li>{t('qr.samePhone.back')}</li>
        </ol>
      </details>
      <div className="grid w-full grid-cols-2 gap-2 pt-1">
        <Button
          variant="secondary"
          onClick={() => void handleCancel()}
          isLoading={isCancelling}
          data-testid="qr-cancel"
        >
          {t('qr.cancel')}
        </Button>
        <Button onClick={onDone} data-testid="qr-done">
          {t('qr.done')}
        </Button>
      </div>
    </div>
  );
}
