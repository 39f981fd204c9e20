import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@wallet/contract/client-api.gen';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wallet/ui/button';
import { EmptyState } from '@wallet/ui/empty-state';
import { Modal } from '@wallet/ui/modal';
import { Spinner } from '@wallet/ui/spinner';
import { call } from '../../lib/api-client.ts';
import { HtmlContent } from '../../features/site-content/html-content.tsx';

// the running condition (docs/design.md §4) is its own chunk: the member layout preloads this dialog's dependencies
const RunningCondition = lazy(() =>
  import('../../features/promotions/running-condition.tsx').then((m) => ({ default: m.RunningCondition })),
);

const conditionsQuery = () =>
  queryOptions({
    queryKey: ['lookup', 'conditions'],
    queryFn: ({ signal }) => call(api.lookup.conditions, { signal }),
    staleTime: 5 * 60_000,
  });

export type ConditionsDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** The signed-in menu's conditions modal: GET /api/lookup/conditions, each entry an HTML block. */
export function ConditionsDialog({ open, onOpenChange }: ConditionsDialogProps) {
  const { t } = useTranslation('common');
  const conditions = useQuery({ ...conditionsQuery(), enabled: open });
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('conditions.title')}
      size="lg"
      footer={
        <Button isBlock onClick={() => onOpenChange(false)}>
          {t('actions.ok')}
        </Button>
      }
    >
      {open && (
        <Suspense fallback={null}>
          <RunningCondition />
        </Suspense>
      )}
      {conditions.isPending && (
        <div className="flex justify-center py-10 text-primary">
          <Spinner size="lg" />
        </div>
      )}
      {conditions.isError && (
        <EmptyState
          icon="alert"
          title={t('conditions.loadFailed')}
          action={
            <Button variant="secondary" size="sm" onClick={() => void conditions.refetch()}>
              {t('actions.retry')}
            </Button>
          }
        />
      )}
      {conditions.data?.length === 0 && <EmptyState icon="conditions" title={t('conditions.empty')} />}
      {conditions.data && conditions.data.length > 0 && (
        <ol className="flex flex-col gap-3" data-testid="conditions-list">
          {conditions.data.map((html, index) => (
            <li key={index} className="flex gap-3 rounded-2xl bg-surface p-4 ring-1 ring-line">
              <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary/15 text-sm font-bold text-primary">
                {index + 1}
              </span>
              <HtmlContent html={html} className="min-w-0 flex-1 text-sm [&_p:last-child]:mb-0" />
            </li>
          ))}
        </ol>
      )}
    </Modal>
  );
}
