import { adminApi } from '@wallet/contract/admin/admin-api';
import type { AdminWithdrawalRow, BulkApproveResult } from '@wallet/contract/admin/withdrawals';
import { Button } from '@wallet/ui/button';
import { Modal } from '@wallet/ui/modal';
import { formatMoney } from '@wallet/web-core/format';
import { errorMessage } from '@wallet/web-core/present-error';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusBadge, type BadgeTone } from '../../components/status-badge.tsx';
import { adminCall } from '../../lib/api.ts';

export type BulkApproveDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  rows: AdminWithdrawalRow[];
  /** after the server answered (the queue refreshes); the dialog stays open on the per-row results */
  onSuccess: (results: BulkApproveResult[]) => Promise<void> | void;
};

const RESULT_TONE: Record<string, BadgeTone> = { paid: 'success', paying: 'info', approved: 'info' };

/**
 * Approve the selected withdrawals at once. Before: which members are on payout hold or flagged (the server refuses
 * the held ones). After: one line per withdrawal with its outcome or the translated reason it was refused.
 */
export function BulkApproveDialog({ open, onOpenChange, rows, onSuccess }: BulkApproveDialogProps) {
  const { t } = useTranslation('withdrawals');
  const { t: tc } = useTranslation('common');
  const [results, setResults] = useState<BulkApproveResult[] | null>(null);
  const [isPending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const held = rows.filter((r) => r.context.payoutHold).length;
  const flagged = rows.filter((r) => r.context.flagged && !r.context.payoutHold).length;
  const total = rows.reduce((sum, r) => sum + r.amount, 0);

  const close = (next: boolean) => {
    if (isPending) return;
    if (!next) {
      setResults(null);
      setError(null);
    }
    onOpenChange(next);
  };
  const approve = async () => {
    setPending(true);
    setError(null);
    try {
      const answer = await adminCall(adminApi.withdrawals.bulkApprove, { body: { ids: rows.map((r) => r.id) } });
      setResults(answer.results);
      await onSuccess(answer.results);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setPending(false);
    }
  };
  // a short reason where the console has one, else the catalogue's message
  const refusal = (r: BulkApproveResult) =>
    t(`bulk.refusal.${r.refusal}`, { defaultValue: tc(r.refusal ?? '', { ns: 'errors', defaultValue: r.refusal }) });
  const approved = results?.filter((r) => r.refusal === null).length ?? 0;

  return (
    <Modal
      open={open}
      onOpenChange={close}
      size="lg"
      title={results ? t('bulk.resultTitle') : t('confirm.bulk.title')}
      description={
        results
          ? t('bulk.summary', { approved, refused: results.length - approved })
          : t('confirm.bulk.body', { count: rows.length, amount: formatMoney(total) })
      }
      footer={
        <div className="flex justify-end gap-2">
          {results ? (
            <Button onClick={() => close(false)} data-testid="bulk-close">
              {t('bulk.close')}
            </Button>
          ) : (
            <>
              <Button variant="secondary" onClick={() => close(false)} disabled={isPending}>
                {tc('actions.cancel')}
              </Button>
              <Button onClick={approve} isLoading={isPending} data-testid="bulk-confirm">
                {t('actions.bulk', { count: rows.length })}
              </Button>
            </>
          )}
        </div>
      }
    >
      <div className="flex flex-col gap-3 pt-1">
        {!results && held > 0 && (
          <p
            className="rounded-xl bg-danger/10 px-3 py-2 text-sm text-danger ring-1 ring-danger/30 ring-inset"
            data-testid="bulk-held-warning"
          >
            {t('bulk.heldWarning', { count: held })}
          </p>
        )}
        {!results && flagged > 0 && (
          <p className="rounded-xl bg-warning/10 px-3 py-2 text-sm text-warning ring-1 ring-warning/30 ring-inset">
            {t('bulk.flaggedWarning', { count: flagged })}
          </p>
        )}
        <ul className="divide-y divide-line rounded-xl bg-surface ring-1 ring-line" data-testid="bulk-rows">
          {rows.map((row) => {
            const result = results?.find((r) => r.id === row.id);
            return (
              <li key={row.id} className="flex items-center gap-3 px-3 py-2 text-sm" data-testid={`bulk-row-${row.id}`}>
                <div className="min-w-0 flex-1">
                  <p className="truncate font-semibold text-fg">{row.member.name}</p>
                  <p className="text-xs text-muted tabular-nums">
                    {row.member.username} · #{row.memberId}
                  </p>
                </div>
                <span className="font-semibold tabular-nums">
                  {formatMoney(row.amount)} {row.currency}
                </span>
                <div className="flex w-56 shrink-0 justify-end text-right">
                  {result ? (
                    result.refusal === null ? (
                      <StatusBadge tone={RESULT_TONE[result.status ?? ''] ?? 'warning'}>
                        {t(`status.${result.status ?? 'pending_review'}`)}
                      </StatusBadge>
                    ) : (
                      <span className="text-xs font-medium text-danger" role="status">
                        {refusal(result)}
                      </span>
                    )
                  ) : row.context.payoutHold ? (
                    <StatusBadge tone="danger">{t('flags.payoutHold')}</StatusBadge>
                  ) : row.context.flagged ? (
                    <StatusBadge tone="warning">{t('flags.flagged')}</StatusBadge>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
        {error && (
          <p role="alert" className="rounded-xl bg-danger/10 px-3 py-2 text-sm text-danger ring-1 ring-danger/30">
            {error}
          </p>
        )}
      </div>
    </Modal>
  );
}
