import { adminApi } from '@wallet/contract/admin/admin-api';
import type { AdminWithdrawal, AdminWithdrawalRow } from '@wallet/contract/admin/withdrawals';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatMoney } from '@wallet/web-core/format';
import { errorMessage } from '@wallet/web-core/present-error';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { adminCall } from '../../lib/api.ts';
import { unlessDecided } from '../../lib/decided.ts';
import { AccountSummary } from './account-summary.tsx';
import { RiskContext } from './risk-context.tsx';

export type ApproveDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  row: AdminWithdrawalRow;
  /** the withdrawal after the approval and its payout (paid, paying or payout_failed) */
  onSuccess: (withdrawal: AdminWithdrawal) => Promise<void> | void;
};

/**
 * Approve one withdrawal: the member's risk context first (read fresh when the dialog opens), then the payout. A
 * refusal (PAYOUT_HOLD) stays in the dialog with its translated reason; a withdrawal someone else decided first
 * closes it with who did what when, and the list refreshes.
 */
export function ApproveDialog({ open, onOpenChange, row, onSuccess }: ApproveDialogProps) {
  const { t } = useTranslation('withdrawals');
  const queryClient = useQueryClient();
  const risk = useQuery({
    queryKey: ['admin', 'withdrawals', 'risk', row.id],
    queryFn: () => adminCall(adminApi.withdrawals.risk, { params: { id: row.id } }),
    enabled: open,
    staleTime: 0,
  });
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('confirm.approve.title')}
      description={t('confirm.approve.body', {
        amount: `${formatMoney(row.amount)} ${row.currency}`,
        name: row.member.name,
        username: row.member.username,
      })}
      confirmLabel={t('actions.approve')}
      onConfirm={() =>
        unlessDecided(
          async () => {
            const result = await adminCall(adminApi.withdrawals.approve, { params: { id: row.id } });
            await onSuccess(result.withdrawal);
          },
          () => queryClient.invalidateQueries({ queryKey: ['admin', 'withdrawals'] }),
        )
      }
    >
      <AccountSummary row={row} />
      {risk.isPending ? (
        <p className="text-sm text-muted" data-testid="risk-loading">
          {t('risk.loading')}
        </p>
      ) : risk.error ? (
        <p className="rounded-xl bg-warning/10 px-3 py-2 text-sm text-warning ring-1 ring-warning/30">
          {t('risk.failed', { reason: errorMessage(risk.error) })}
        </p>
      ) : (
        <RiskContext risk={risk.data} />
      )}
    </ConfirmDialog>
  );
}
