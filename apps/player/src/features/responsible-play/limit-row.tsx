import type { LimitView } from '@wallet/contract/responsible-play';
import { Button } from '@wallet/ui/button';
import { TextField } from '@wallet/ui/text-field';
import { formatDateTime, formatMoney } from '@wallet/web-core/format';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type LimitRowProps = {
  limit: LimitView;
  label: string;
  unit: string;
  isSaving: boolean;
  onSave: (value: number | null) => void;
};

/** One limit: what is in force, what the period used, a pending loosening with its time, and a field to change it. */
export function LimitRow({ limit, label, unit, isSaving, onSave }: LimitRowProps) {
  const { t } = useTranslation('responsiblePlay');
  const [draft, setDraft] = useState('');
  const amount = Number(draft);
  const isValid = draft.trim() !== '' && Number.isFinite(amount) && amount > 0 && /^\d+(\.\d{1,2})?$/.test(draft);
  const money = (value: number | null) => `${formatMoney(value)} ${unit}`;
  const handleSave = () => {
    onSave(amount);
    setDraft('');
  };

  return (
    <div
      className="flex flex-col gap-2 border-t border-line pt-3 first:border-t-0 first:pt-0"
      data-testid={`rp-${limit.kind}`}
    >
      <div className="flex items-baseline justify-between gap-2">
        <span className="font-medium">{label}</span>
        <span className="text-right text-sm font-semibold" data-testid={`rp-${limit.kind}-value`}>
          {limit.value === null ? t('none') : money(limit.value)}
        </span>
      </div>
      {limit.used !== null && (
        <p className="text-xs text-muted">
          {limit.value === null
            ? t('usedNoLimit', { used: money(limit.used) })
            : t('used', { used: money(limit.used), limit: money(limit.value) })}
        </p>
      )}
      {limit.pending && (
        <p className="text-xs font-medium text-warning" data-testid={`rp-${limit.kind}-pending`}>
          {limit.pending.value === null
            ? t('pendingRemove', { at: formatDateTime(limit.pending.effectiveAt) })
            : t('pending', { value: money(limit.pending.value), at: formatDateTime(limit.pending.effectiveAt) })}
        </p>
      )}
      <div className="flex items-end gap-2">
        <TextField
          label={t('amount')}
          isLabelHidden
          placeholder={t('amount')}
          inputMode="decimal"
          value={draft}
          onChange={(e) => setDraft(e.target.value.trim())}
          containerClassName="min-w-0 flex-1"
          data-testid={`rp-${limit.kind}-input`}
        />
        <Button onClick={handleSave} disabled={!isValid || isSaving} data-testid={`rp-${limit.kind}-save`}>
          {t('save')}
        </Button>
      </div>
      {limit.value !== null && limit.pending?.value !== null && (
        <Button variant="ghost" size="sm" onClick={() => onSave(null)} disabled={isSaving}>
          {t('remove')}
        </Button>
      )}
    </div>
  );
}
