import { TextField } from '@wallet/ui/text-field';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '../../components/date-time-field.tsx';
import { NumberInput, Section, Segmented, useErrorText } from './form-bits.tsx';
import { numberOf } from './promotion-draft.ts';
import type { SectionProps } from './section-props.ts';

/** Kind, code, receive limit, schedule and the on/off switch. */
export function BasicsSection({ draft, set, errors }: SectionProps) {
  const { t } = useTranslation('promotions');
  const errorText = useErrorText();
  return (
    <Section title={t('form.basics')} hint={t('form.basicsHint')}>
      <div className="grid gap-4 md:grid-cols-2">
        <Segmented
          name="kind"
          label={t('form.kind')}
          value={draft.kind}
          onChange={(kind) => set({ kind })}
          options={[
            { value: 'bonus', label: t('kind.bonus'), hint: t('kind.bonusHint') },
            { value: 'code', label: t('kind.code'), hint: t('kind.codeHint') },
          ]}
        />
        <TextField
          label={t('form.code')}
          hint={t('form.codeHint')}
          error={errorText(errors.code)}
          value={draft.code}
          maxLength={32}
          autoComplete="off"
          className="font-mono uppercase"
          onChange={(e) => set({ code: e.target.value.toUpperCase().replace(/\s/g, '') })}
          data-testid="promotion-code"
        />
      </div>
      <div className="grid gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Segmented
          name="type"
          label={t('form.type')}
          value={draft.type}
          onChange={(type) => set({ type })}
          options={(['limit', 'day', 'week'] as const).map((type) => ({
            value: type,
            label: t(`type.${type}`),
            hint: t(`type.${type}Hint`),
          }))}
        />
        <NumberInput
          label={t('form.maxReceived')}
          hint={t(`form.maxReceivedHint.${draft.type}`)}
          value={draft.maxReceived}
          step="1"
          unit={t('form.times')}
          error={errors.maxReceived}
          onChange={(text) => set({ maxReceived: numberOf(text) })}
          testId="promotion-max-received"
        />
      </div>
      <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] md:items-start">
        <DateTimeField
          label={t('form.startsAt')}
          hint={t('form.scheduleHint')}
          value={draft.startsAt}
          onChange={(startsAt) => set({ startsAt })}
          data-testid="promotion-starts-at"
        />
        <DateTimeField
          label={t('form.endsAt')}
          error={errorText(errors.endsAt)}
          value={draft.endsAt}
          onChange={(endsAt) => set({ endsAt })}
          data-testid="promotion-ends-at"
        />
        <div className="flex flex-col gap-1.5">
          <span className="text-sm font-semibold text-muted">{t('form.status')}</span>
          <label className="flex h-12 items-center gap-3 rounded-2xl bg-bg-raised px-4 ring-1 ring-line ring-inset">
            <input
              type="checkbox"
              className="size-5 accent-[var(--color-primary)]"
              checked={draft.isActive}
              onChange={(e) => set({ isActive: e.target.checked })}
              data-testid="promotion-active"
            />
            <span className="text-sm font-semibold whitespace-nowrap">{t('form.active')}</span>
          </label>
        </div>
      </div>
    </Section>
  );
}
