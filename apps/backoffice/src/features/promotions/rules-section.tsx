import { useTranslation } from 'react-i18next';
import { NumberInput, Section, Segmented } from './form-bits.tsx';
import { capOf, numberOf } from './promotion-draft.ts';
import type { SectionProps } from './section-props.ts';

/** What the member receives, what ends the condition (success and fail rules) and the caps the engine enforces. */
export function RulesSection({ draft, set, errors }: SectionProps) {
  const { t } = useTranslation('promotions');
  return (
    <>
      <Section title={t('form.reward')} hint={t('form.rewardHint')}>
        <div className="grid gap-4 md:grid-cols-3">
          <NumberInput
            label={t('form.percent')}
            hint={t('form.percentHint')}
            unit="%"
            value={draft.percent}
            error={errors.percent}
            onChange={(text) => set({ percent: numberOf(text) })}
            testId="promotion-percent"
          />
          <NumberInput
            label={t('form.minDeposit')}
            unit="THB"
            step="0.01"
            value={draft.minDeposit}
            error={errors.minDeposit}
            onChange={(text) => set({ minDeposit: numberOf(text) })}
            testId="promotion-min-deposit"
          />
          <NumberInput
            label={t('form.maxAmount')}
            hint={t('form.maxAmountHint')}
            unit="THB"
            step="0.01"
            value={draft.maxAmount}
            error={errors.maxAmount}
            onChange={(text) => set({ maxAmount: numberOf(text) })}
            testId="promotion-max-amount"
          />
        </div>
      </Section>
      <Section title={t('form.condition')} hint={t('form.conditionHint')}>
        <Segmented
          name="successRule"
          label={t('form.successRule')}
          value={draft.successRule}
          onChange={(successRule) => set({ successRule })}
          options={[
            { value: 'turnover', label: t('rule.turnover'), hint: t('rule.turnoverHint') },
            { value: 'credit', label: t('rule.credit'), hint: t('rule.creditHint') },
          ]}
        />
        <div className="grid gap-4 md:grid-cols-2">
          {draft.successRule === 'turnover' ? (
            <NumberInput
              label={t('form.turnoverMultiple')}
              hint={t('form.turnoverMultipleHint')}
              unit="×"
              value={draft.turnoverMultiple}
              error={errors.turnoverMultiple}
              onChange={(text) => set({ turnoverMultiple: numberOf(text) })}
              testId="promotion-turnover"
            />
          ) : (
            <NumberInput
              label={t('form.successPercent')}
              hint={t('form.successPercentHint')}
              unit="%"
              value={draft.successPercent}
              error={errors.successPercent}
              onChange={(text) => set({ successPercent: numberOf(text) })}
              testId="promotion-success-percent"
            />
          )}
          <NumberInput
            label={t('form.percentFail')}
            hint={t('form.percentFailHint')}
            unit="%"
            value={draft.percentFail}
            error={errors.percentFail}
            onChange={(text) => set({ percentFail: numberOf(text) })}
            testId="promotion-percent-fail"
          />
        </div>
      </Section>
      <Section title={t('form.caps')} hint={t('form.capsHint')}>
        <div className="grid gap-4 md:grid-cols-2">
          <NumberInput
            label={t('form.maxWithdrawMultiple')}
            placeholder={t('form.noCap')}
            unit="×"
            value={draft.maxWithdrawMultiple}
            error={errors.maxWithdrawMultiple}
            onChange={(text) => set({ maxWithdrawMultiple: capOf(text) })}
          />
          <NumberInput
            label={t('form.maxBet')}
            placeholder={t('form.noCap')}
            unit="THB"
            step="0.01"
            value={draft.maxBet}
            error={errors.maxBet}
            onChange={(text) => set({ maxBet: capOf(text) })}
          />
          <NumberInput
            label={t('form.maxBalanceAtClaim')}
            hint={t('form.maxBalanceAtClaimHint')}
            placeholder={t('form.noCap')}
            unit="THB"
            step="0.01"
            value={draft.maxBalanceAtClaim}
            error={errors.maxBalanceAtClaim}
            onChange={(text) => set({ maxBalanceAtClaim: capOf(text) })}
            testId="promotion-max-balance-at-claim"
          />
        </div>
      </Section>
    </>
  );
}
