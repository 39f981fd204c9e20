import { adminApi } from '@wallet/contract/admin/admin-api';
import { validWheelWeights, type Wheel } from '@wallet/contract/admin/spinwheel';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from '@wallet/ui/button';
import { Card } from '@wallet/ui/card';
import { TextField } from '@wallet/ui/text-field';
import { errorMessage } from '@wallet/web-core/present-error';
import { notify } from '@wallet/web-core/toast';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '../../components/date-time-field.tsx';
import { adminCall } from '../../lib/api.ts';
import { SliceRow } from './slice-row.tsx';
import { WheelOddsDialog } from './wheel-odds-dialog.tsx';
import { draftOf, emptyWheel, newSlice, previewOdds, type WheelDraft } from './wheel-draft.ts';

const MAX_SLICES = 16;

/** Edit (or create, `wheel` null) a wheel: every save is one audited PUT/POST of the whole wheel. */
export function WheelEditor({ wheel, onSaved }: { wheel: Wheel | null; onSaved: (wheel: Wheel) => void }) {
  const { t } = useTranslation('spin-wheel');
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<WheelDraft>(() => (wheel ? draftOf(wheel) : emptyWheel()));
  const odds = previewOdds(draft.slices);
  const weightsValid = validWheelWeights(draft.slices.map((s) => s.weight));
  const [isConfirming, setConfirming] = useState(false);
  const save = useMutation({
    mutationFn: () =>
      wheel
        ? adminCall(adminApi.spinwheel.update, { params: { id: wheel.id }, body: draft })
        : adminCall(adminApi.spinwheel.create, { body: draft }),
    onSuccess: ({ wheel: saved }) => {
      notify.success(t('saved'));
      void queryClient.invalidateQueries({ queryKey: ['admin', 'spin-wheel'] });
      onSaved(saved);
    },
    onError: (error) => notify.error(errorMessage(error)),
  });
  const setSlice = (index: number, slice: WheelDraft['slices'][number]) =>
    setDraft((d) => ({ ...d, slices: d.slices.map((s, i) => (i === index ? slice : s)) }));

  return (
    <Card
      title={wheel ? t('editor.edit', { name: wheel.name }) : t('editor.create')}
      action={
        <Button
          onClick={() => {
            if (!weightsValid) return;
            // a live wheel's odds change for players at once: show them before and after first
            if (wheel?.isActive) setConfirming(true);
            else save.mutate();
          }}
          isLoading={save.isPending}
          disabled={!weightsValid}
          data-testid="wheel-save"
        >
          {t('editor.save')}
        </Button>
      }
    >
      <div className="grid gap-4 md:grid-cols-2 md:items-end xl:grid-cols-[repeat(3,minmax(0,1fr))_auto]">
        <TextField
          label={t('editor.name')}
          value={draft.name}
          onChange={(e) => setDraft({ ...draft, name: e.target.value })}
        />
        <DateTimeField
          label={t('editor.startsAt')}
          value={draft.startsAt}
          onChange={(startsAt) => setDraft((d) => ({ ...d, startsAt }))}
          data-testid="wheel-starts-at"
        />
        <DateTimeField
          label={t('editor.endsAt')}
          value={draft.endsAt}
          onChange={(endsAt) => setDraft((d) => ({ ...d, endsAt }))}
          data-testid="wheel-ends-at"
        />
        <label className="flex h-12 items-center gap-2 rounded-xl bg-surface-2 px-4 ring-1 ring-line">
          <input
            type="checkbox"
            className="size-5 accent-[var(--color-primary)]"
            checked={draft.isActive}
            onChange={(e) => setDraft({ ...draft, isActive: e.target.checked })}
            data-testid="wheel-active"
          />
          <span className="font-semibold">{t('editor.active')}</span>
        </label>
      </div>
      <p className="mt-2 text-sm text-muted">{t('editor.activeHint')}</p>
      {!weightsValid && (
        <p role="alert" className="mt-3 rounded-xl bg-danger/10 px-3 py-2 text-sm text-danger ring-1 ring-danger/30">
          {t('WHEEL_WEIGHT_INVALID', { ns: 'errors' })}
        </p>
      )}
      <div className="mt-4 overflow-x-auto">
        <table className="w-full min-w-[900px] text-left text-sm" aria-label={t('editor.slices')}>
          <thead className="text-xs text-muted uppercase">
            <tr>
              <th className="p-2">{t('slice.code')}</th>
              <th className="p-2">{t('slice.labels')}</th>
              <th className="p-2 text-right">{t('slice.weightOdds')}</th>
              <th className="p-2">{t('slice.prize')}</th>
              <th className="p-2">{t('slice.hours')}</th>
              <th className="p-2" />
            </tr>
          </thead>
          <tbody>
            {draft.slices.map((slice, i) => (
              <SliceRow
                key={i}
                slice={slice}
                percent={odds[i] ?? 0}
                canRemove={draft.slices.length > 2}
                onChange={(next) => setSlice(i, next)}
                onRemove={() => setDraft((d) => ({ ...d, slices: d.slices.filter((_, j) => j !== i) }))}
              />
            ))}
          </tbody>
        </table>
      </div>
      <Button
        variant="secondary"
        size="sm"
        className="mt-3"
        disabled={draft.slices.length >= MAX_SLICES}
        onClick={() => setDraft((d) => ({ ...d, slices: [...d.slices, newSlice(d.slices.length + 1)] }))}
      >
        {t('editor.addSlice')}
      </Button>
      {wheel && (
        <WheelOddsDialog
          open={isConfirming}
          onOpenChange={setConfirming}
          wheel={wheel}
          draft={draft}
          onConfirm={() => save.mutateAsync()}
        />
      )}
    </Card>
  );
}
