import { clsx } from 'clsx';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DepositBonusOption } from '@wallet/contract/bets';
import { Spinner } from '@wallet/ui/spinner';
import { TextField } from '@wallet/ui/text-field';
import { formatMoney } from '@wallet/web-core/format';
import { notify } from '@wallet/web-core/toast';
import { depositBonusOutcome, useDepositBonuses } from '../../api/bets.ts';
import { memberEvents } from '../../lib/member-events.ts';
import { useBonusChoiceStrings } from './bonus-choice-strings.ts';

export type BonusChoiceProps = {
  /** the amount entered (major units), null while it is not a valid deposit */
  amount: number | null;
  unit: string;
  /** the chosen bonus's code, null for "no bonus" */
  value: string | null;
  onChange: (code: string | null) => void;
};

/**
 * The deposit sheet's bonus picker (docs/decisions/0042-bets-and-bonus-at-deposit.md): "no bonus" or one of the
 * bonuses the member can get for this amount, with what it credits and its condition. The server decides again when
 * the money arrives; the sheet is told what became of it.
 */
export function BonusChoice(props: BonusChoiceProps) {
  const isReady = useBonusChoiceStrings();
  return isReady ? <BonusChoiceList {...props} /> : null;
}

function BonusChoiceList({ amount, unit, value, onChange }: BonusChoiceProps) {
  const { t } = useTranslation('bonusChoice');
  const bonuses = useDepositBonuses(amount);
  const options = bonuses.data ?? [];
  const isChosenAvailable = value === null || options.some((o) => o.code === value && o.reason === null);
  // a new amount can make the chosen bonus unavailable (below its minimum): back to "no bonus"
  useEffect(() => {
    if (bonuses.isSuccess && !isChosenAvailable) onChange(null);
  }, [bonuses.isSuccess, isChosenAvailable, onChange]);
  // no bonus to offer (or the list failed to load): the sheet stays as it was, the deposit needs no bonus
  if (amount !== null && (bonuses.isError || (bonuses.isSuccess && options.length === 0))) return null;

  return (
    <fieldset className="flex flex-col gap-2" data-testid="bonus-choice">
      <legend className="mb-1 text-sm font-semibold">{t('title')}</legend>
      {amount === null ? (
        <p className="text-xs text-muted">{t('enterAmount')}</p>
      ) : bonuses.isPending ? (
        <div className="flex justify-center py-2" aria-label={t('loading')}>
          <Spinner size="sm" />
        </div>
      ) : (
        <div role="radiogroup" aria-label={t('title')} className="flex flex-col gap-2">
          <Choice isSelected={value === null} onSelect={() => onChange(null)} testId="bonus-choice-none">
            <span className="font-semibold">{t('none')}</span>
            <span className="text-xs text-muted">{t('noneHint')}</span>
          </Choice>
          {options.map((option) => (
            <Choice
              key={option.code}
              isSelected={value === option.code}
              isDisabled={option.reason !== null}
              onSelect={() => onChange(option.code)}
              testId={`bonus-choice-${option.code}`}
            >
              <OptionText option={option} unit={unit} />
            </Choice>
          ))}
        </div>
      )}
    </fieldset>
  );
}

/** what the member typed as the amount sent, as a deposit amount (at most 2 decimals, from 1), or null */
function sentAmount(text: string): number | null {
  if (!/^\d{1,10}(\.\d{1,2})?$/.test(text)) return null;
  const value = Number(text);
  return value >= 1 ? value : null;
}

/**
 * The slip and True Wallet sheets' bonus picker (docs/decisions/0050-bonus-with-slip-and-voucher.md): their amount is
 * known only when the money is checked, so the member types what they sent to see the bonuses; the server computes
 * the bonus from the amount it credits.
 */
export function BonusChoiceForSent(props: Omit<BonusChoiceProps, 'amount'>) {
  const isReady = useBonusChoiceStrings();
  return isReady ? <BonusChoiceSent {...props} /> : null;
}

function BonusChoiceSent({ unit, value, onChange }: Omit<BonusChoiceProps, 'amount'>) {
  const { t } = useTranslation('bonusChoice');
  const [sent, setSent] = useState('');
  return (
    <div className="flex flex-col gap-2" data-testid="bonus-choice-sent">
      <TextField
        label={t('sent.label')}
        hint={t('sent.hint')}
        inputMode="decimal"
        autoComplete="off"
        value={sent}
        onChange={(event) => setSent(event.target.value.replace(/[^\d.]/g, '').slice(0, 13))}
        data-testid="bonus-sent-amount"
      />
      <BonusChoiceList amount={sentAmount(sent)} unit={unit} value={value} onChange={onChange} />
    </div>
  );
}

/** What became of the bonus chosen with a slip or a voucher, as its answer tells it: a line under the result. */
export function BonusChoiceTold(props: { outcome: DepositBonusTold; unit: string }) {
  const isReady = useBonusChoiceStrings();
  return isReady ? <ToldLine {...props} /> : null;
}

function ToldLine({ outcome, unit }: { outcome: DepositBonusTold; unit: string }) {
  const { t } = useTranslation('bonusChoice');
  const text =
    outcome.status === 'claimed'
      ? t('outcome.claimed', { name: outcome.name, amount: formatMoney(outcome.amount), unit })
      : outcome.status === 'chosen'
        ? t('outcome.chosen', { name: outcome.name })
        : t('outcome.skipped', { name: outcome.name, why: whyOf(t, outcome.reason) });
  return (
    <p
      className={clsx(
        'rounded-xl p-3 text-sm',
        outcome.status === 'skipped' ? 'bg-amber-500/10 text-amber-200' : 'bg-emerald-500/10 text-emerald-200',
      )}
      role="status"
      data-testid="bonus-told"
    >
      {text}
    </p>
  );
}

export type DepositBonusTold = {
  name: string;
  status: 'chosen' | 'claimed' | 'skipped';
  reason: string | null;
  amount: number;
};

function OptionText({ option, unit }: { option: DepositBonusOption; unit: string }) {
  const { t } = useTranslation('bonusChoice');
  return (
    <>
      <span className="flex items-baseline justify-between gap-2">
        <span className="min-w-0 font-semibold">{option.name}</span>
        <span className="shrink-0 font-bold text-success tabular-nums">
          {t('bonus', { amount: formatMoney(option.bonus), unit })}
        </span>
      </span>
      <span className="text-xs text-muted">
        {option.reason
          ? t(`unavailable.${option.reason}`, {
              min: formatMoney(option.minDeposit),
              max: formatMoney(option.maxBalanceAtClaim ?? 0),
              unit,
            })
          : t(option.successRule, { target: formatMoney(option.target), unit })}
      </span>
    </>
  );
}

function Choice({
  isSelected,
  isDisabled = false,
  onSelect,
  testId,
  children,
}: {
  isSelected: boolean;
  isDisabled?: boolean;
  onSelect: () => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      role="radio"
      aria-checked={isSelected}
      disabled={isDisabled}
      onClick={onSelect}
      data-testid={testId}
      className={clsx(
        'flex min-h-11 w-full flex-col gap-0.5 rounded-2xl px-4 py-2.5 text-left ring-inset',
        isSelected ? 'bg-primary/10 ring-2 ring-primary' : 'bg-surface ring-1 ring-line',
        isDisabled && 'cursor-not-allowed opacity-60',
      )}
    >
      {children}
    </button>
  );
}

const KNOWN_WHY = new Set([
  'NO_PROMOTION',
  'BONUS_ALREADY_ACTIVE',
  'BONUS_MAX_CLAIMED',
  'DEPOSIT_BELOW_MINIMUM',
  'BALANCE_ABOVE_MAX',
  'HELD_FOR_REVIEW',
]);

const whyOf = (t: (key: string) => string, reason: string | null) =>
  t(`why.${reason && KNOWN_WHY.has(reason) ? reason : 'other'}`);

/**
 * While the QR tab is open: when a deposit is credited, what became of the bonus chosen with it (claimed, or not and
 * why) as a toast (docs/decisions/0042-bets-and-bonus-at-deposit.md). Renders nothing.
 */
export function BonusChoiceOutcome({ unit }: { unit: string }) {
  const { t } = useTranslation('bonusChoice');
  const isReady = useBonusChoiceStrings();
  useEffect(() => {
    if (!isReady) return;
    return memberEvents.onDeposit((event) => {
      void depositBonusOutcome(event.depositId).then(
        (outcome) => {
          if (!outcome || outcome.status === 'chosen') return;
          if (outcome.status === 'claimed')
            notify.success(t('outcome.claimed', { name: outcome.name, amount: formatMoney(outcome.amount), unit }));
          else {
            notify.warning(t('outcome.skipped', { name: outcome.name, why: whyOf(t, outcome.reason) }));
          }
        },
        // the deposit itself is shown either way; only the bonus line is missing
        () => undefined,
      );
    });
  }, [isReady, t, unit]);
  return null;
}
