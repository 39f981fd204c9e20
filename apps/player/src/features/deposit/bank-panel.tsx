import { useTranslation } from 'react-i18next';
import type { DepositLookup } from '@wallet/contract/lookup';
import { Icon } from '@wallet/ui/icon';
import { notify } from '@wallet/web-core/toast';
import { useSlipWindow } from '../../api/deposit.ts';
import { useBanks } from '../../api/lookup.ts';
import { bankName } from '../../lib/bank-name.ts';
import { copyText } from '@wallet/web-core/copy-text';
import { ManualNotice } from './manual-notice.tsx';
import { SlipUpload } from './slip-upload.tsx';

/** 10 digits shown 3-3-4 (docs/spec.md §5); other lengths as they are. */
function formatAccountNo(no: string): string {
  return /^\d{10}$/.test(no) ? `${no.slice(0, 3)}-${no.slice(3, 6)}-${no.slice(6)}` : no;
}

/** docs/spec.md §1/§2 bank transfer: the site's receiving accounts with copy buttons, the mode and the stated facts. */
export function BankPanel({
  banks,
  isManual,
  minDeposit,
  unit,
}: {
  banks: DepositLookup['banks'];
  isManual: boolean;
  minDeposit: number;
  unit: string;
}) {
  const { t, i18n } = useTranslation('deposit');
  const slip = useSlipWindow();
  // the deposit lookup carries the Thai and English names only: the bank list has the Lao one
  const names = useBanks().data;
  const nameOf = (bank: DepositLookup['banks'][number]) => {
    const listed = names?.find((candidate) => candidate.code === bank.bankCode);
    return listed ? bankName(listed, i18n.language) : i18n.language === 'th' ? bank.bank.nameTH : bank.bank.nameEN;
  };
  const copy = (text: string) =>
    void copyText(text).then(
      () => notify.success(t('bank.copied'), { description: text }),
      () => notify.error(t('bank.copyFailed')),
    );

  return (
    <div className="flex flex-col gap-3">
      {banks.length === 0 && <p className="text-sm text-muted">{t('bank.none')}</p>}
      <ul className="flex flex-col gap-2">
        {banks.map((bank) => (
          <li
            key={`${bank.bankCode}-${bank.bankAccountNo}`}
            className="rounded-2xl bg-surface-2 p-3 ring-1 ring-line"
            data-testid="deposit-bank"
          >
            <div className="flex items-center justify-between gap-2">
              <p className="font-semibold">{nameOf(bank)}</p>
              <span className="rounded-full bg-primary/15 px-2 py-0.5 text-[11px] font-bold text-primary">
                {t(`bank.mode.${bank.mode}`)}
              </span>
            </div>
            <p className="text-sm text-muted" translate="no">
              {bank.bankAccountName}
            </p>
            <div className="mt-2 flex items-center gap-2">
              <span className="flex-1 text-xl font-bold tracking-wider tabular-nums select-all">
                {formatAccountNo(bank.bankAccountNo)}
              </span>
              <button
                type="button"
                onClick={() => copy(bank.bankAccountNo)}
                aria-label={t('bank.copy')}
                data-testid="deposit-bank-copy"
                className="flex size-11 items-center justify-center rounded-xl bg-surface text-primary ring-1 ring-line ring-inset active:scale-95"
              >
                <Icon name="copy" className="size-5" />
              </button>
            </div>
          </li>
        ))}
      </ul>
      <ul className="flex flex-col gap-1.5 text-sm text-muted">
        <li className="flex gap-2">
          <Icon name="check" className="mt-0.5 size-4 shrink-0 text-primary" />
          {t('bank.factCredited')}
        </li>
        {!isManual && (
          <li className="flex gap-2">
            <Icon name="clock" className="mt-0.5 size-4 shrink-0 text-primary" />
            {t('bank.factSlipHour')}
          </li>
        )}
        {!isManual && slip.data && (
          <li className="flex gap-2" data-testid="slip-window">
            <Icon name="info" className="mt-0.5 size-4 shrink-0 text-primary" />
            {t(slip.data.isOpen ? 'bank.closingWindow' : 'bank.closedNow', {
              from: slip.data.closeFrom,
              to: slip.data.closeTo,
            })}
          </li>
        )}
        <li className="flex gap-2">
          <Icon name="alert" className="mt-0.5 size-4 shrink-0 text-primary" />
          {t('bank.factOwnAccount')}
        </li>
      </ul>
      {isManual ? (
        <ManualNotice minDeposit={minDeposit} unit={unit} />
      ) : (
        <SlipUpload unit={unit} isClosed={slip.data?.isOpen === false} />
      )}
    </div>
  );
}
