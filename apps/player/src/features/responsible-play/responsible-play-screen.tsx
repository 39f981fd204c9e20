import type { LimitKind, SetLimit, StartBreak } from '@wallet/contract/responsible-play';
import { Card } from '@wallet/ui/card';
import { LoadingOverlay } from '@wallet/ui/loading-overlay';
import { presentError } from '@wallet/web-core/present-error';
import { notify } from '@wallet/web-core/toast';
import { useTranslation } from 'react-i18next';
import { useResponsiblePlay, useSetLimit, useStartBreak } from '../../api/responsible-play.ts';
import { BreakCard } from './break-card.tsx';
import { LimitRow } from './limit-row.tsx';
import { useResponsiblePlayStrings } from './rp-strings.ts';

const FAMILIES = ['deposit', 'loss'] as const;
const PERIODS = ['day', 'week', 'month'] as const;

/**
 * /user/responsible-play (docs/responsible-play.md): deposit and loss limits per Bangkok day, week and month, and a
 * cooling-off or self-exclusion. Tighter applies at once; looser shows its pending value and time.
 */
export function ResponsiblePlayScreen({ unit }: { unit: string }) {
  const { t } = useTranslation('responsiblePlay');
  const hasStrings = useResponsiblePlayStrings();
  const view = useResponsiblePlay();
  const setLimit = useSetLimit();
  const startBreak = useStartBreak();
  const onError = (err: unknown) => presentError(err, { as: 'alert', title: t('common:error.title') });
  const handleSave = (kind: LimitKind, value: number | null) =>
    setLimit.mutate({ kind, value } satisfies SetLimit, { onSuccess: () => notify.success(t('saved')), onError });
  const handleStart = (request: StartBreak) => startBreak.mutate(request, { onError });
  const data = view.data;

  if (!hasStrings) return null;
  return (
    <main data-route="user/responsible-play" className="flex flex-col gap-4">
      <LoadingOverlay isLoading={view.isPending} />
      <header className="min-w-0">
        <h1 className="text-2xl leading-snug font-bold">{t('title')}</h1>
        <p className="text-sm leading-relaxed text-muted">{t('intro')}</p>
      </header>
      {data && (
        <>
          <BreakCard running={data.break} isSaving={startBreak.isPending} onStart={handleStart} />
          {FAMILIES.map((family) => (
            <Card key={family} title={t(`${family}.title`)} data-testid={`rp-${family}`}>
              <div className="flex flex-col gap-3">
                <p className="text-xs text-muted">{t(`${family}.hint`)}</p>
                {PERIODS.map((period) => {
                  const limit = data.limits.find((l) => l.kind === `${family}_${period}`);
                  return (
                    limit && (
                      <LimitRow
                        key={limit.kind}
                        limit={limit}
                        label={t(`period.${period}`)}
                        unit={unit}
                        isSaving={setLimit.isPending}
                        onSave={(value) => handleSave(limit.kind, value)}
                      />
                    )
                  );
                })}
              </div>
            </Card>
          ))}
          <p className="text-xs text-muted">{t('resets')}</p>
        </>
      )}
    </main>
  );
}
