import { clsx } from 'clsx';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DepositCredited } from '@wallet/contract/socket-events';
import { Button } from '@wallet/ui/button';
import { Icon } from '@wallet/ui/icon';
import { Modal } from '@wallet/ui/modal';
import { formatMoney } from '@wallet/web-core/format';
import { notify } from '@wallet/web-core/toast';
import { useDepositLookup } from '../../api/deposit.ts';
import { useWallet } from '../../api/wallet.ts';
import { memberEvents } from '../../lib/member-events.ts';
import { BankPanel } from './bank-panel.tsx';
import { QrPanel } from './qr-panel.tsx';
import { TrueWalletPanel } from './truewallet-panel.tsx';
import { useDepositStrings } from './use-deposit-strings.ts';
import { Spinner } from '@wallet/ui/spinner';

export type DepositDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** money came in (or the player says it did): home refreshes the wallet as the modal closes */
  onSuccess?: () => void;
  /** translated currency unit */
  unit: string;
};

type Tab = 'qr' | 'bank' | 'truewallet';

/** docs/spec.md §2 deposit modal, driven by GET /api/lookup/deposit: QR providers and bank transfer (bank only in manual mode). */
export function DepositDialog(props: DepositDialogProps) {
  const isReady = useDepositStrings();
  if (!isReady)
    return (
      <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/40">
        <Spinner size="lg" />
      </div>
    );
  return <DepositModal {...props} />;
}

function DepositModal({ open, onOpenChange, onSuccess, unit }: DepositDialogProps) {
  const { t } = useTranslation('deposit');
  const lookup = useDepositLookup();
  const currency = useWallet().data?.wallet.currency === 'LAK' ? 'LAK' : 'THB';
  // the wallet currency's amounts (a kip wallet's are kip-sized); the baht minimum alone from an older server
  const amounts = lookup.data?.byCurrency?.[currency] ?? { minDeposit: lookup.data?.minDeposit ?? 1, quickAmounts: [] };
  const [tab, setTab] = useState<Tab>('qr');
  const [credited, setCredited] = useState<DepositCredited | null>(null);
  const isManual = lookup.data?.isManual ?? false;
  const trueWallet = lookup.data?.wallets[0];
  const tabs: Tab[] = trueWallet ? ['qr', 'bank', 'truewallet'] : ['qr', 'bank'];
  const current: Tab = isManual ? 'bank' : tab;

  // the balance moves by itself (wallet push); here the player sees what just came in
  useEffect(() => memberEvents.onDeposit(setCredited), []);

  const close = (withSuccess: boolean) => {
    if (withSuccess || credited) onSuccess?.();
    onOpenChange(false);
  };
  const handleDone = () => {
    notify.info(t('qr.refreshMessage'));
    close(true);
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && close(false)}
      title={t('title')}
      description={credited ? undefined : t(isManual ? 'manual.description' : 'description')}
      footer={
        credited ? (
          <Button isBlock size="lg" onClick={() => close(true)} data-testid="deposit-close">
            {t('close')}
          </Button>
        ) : undefined
      }
    >
      {credited ? (
        <div className="flex flex-col items-center gap-2 py-6 text-center" data-testid="deposit-credited" role="status">
          <span className="flex size-16 items-center justify-center rounded-full bg-emerald-500/15 text-emerald-300">
            <Icon name="check" className="size-9" />
          </span>
          <p className="text-lg font-semibold">{t('credited.title')}</p>
          <p className="text-3xl font-bold tabular-nums" data-testid="deposit-credited-amount">
            +{formatMoney(credited.amount)} <span className="text-lg">{unit}</span>
          </p>
          <p className="text-sm text-muted">{t('credited.body')}</p>
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          {!isManual && (
            <div
              role="tablist"
              aria-label={t('title')}
              className={clsx(
                'grid gap-1 rounded-2xl bg-surface-2 p-1',
                tabs.length === 3 ? 'grid-cols-3' : 'grid-cols-2',
              )}
            >
              {tabs.map((key) => (
                <button
                  key={key}
                  type="button"
                  role="tab"
                  aria-selected={current === key}
                  onClick={() => setTab(key)}
                  data-testid={`deposit-tab-${key}`}
                  className={clsx(
                    // 44 px tall; at 320 px a long label wraps inside its tab
                    'flex min-h-11 min-w-0 items-center justify-center gap-1.5 rounded-xl px-1 py-1.5 text-center text-sm leading-tight font-semibold transition',
                    current === key ? 'bg-primary text-on-primary shadow-glow' : 'text-muted hover:text-fg',
                  )}
                >
                  <Icon
                    name={key === 'qr' ? 'phone' : key === 'bank' ? 'deposit' : 'wallet'}
                    className="size-4 shrink-0"
                  />
                  {t(`tabs.${key}`)}
                </button>
              ))}
            </div>
          )}
          {current === 'qr' ? (
            <QrPanel
              unit={unit}
              currency={currency}
              minDeposit={amounts.minDeposit}
              quickAmounts={amounts.quickAmounts}
              maxQrDeposit={'maxQrDeposit' in amounts ? amounts.maxQrDeposit : undefined}
              onDone={handleDone}
            />
          ) : current === 'truewallet' && trueWallet ? (
            <TrueWalletPanel walletAccountName={trueWallet.walletAccountName} unit={unit} />
          ) : (
            <BankPanel
              banks={lookup.data?.banks ?? []}
              isManual={isManual}
              minDeposit={amounts.minDeposit}
              unit={unit}
            />
          )}
        </div>
      )}
    </Modal>
  );
}
