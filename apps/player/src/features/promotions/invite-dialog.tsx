import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Wallet } from '@wallet/contract/wallet';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wallet/ui/button';
import { Icon } from '@wallet/ui/icon';
import { Modal } from '@wallet/ui/modal';
import { formatMoney } from '@wallet/web-core/format';
import { presentError } from '@wallet/web-core/present-error';
import { notify } from '@wallet/web-core/toast';
import { promotionQueries, useReceiveInvite } from '../../api/promotions.ts';
import { paths } from '../../config/paths.ts';
import { HistoryTable } from './history-table.tsx';
import { InviteLink } from './invite-link.tsx';

export type InviteDialogProps = {
  wallet: Wallet;
  /** `moved` when the invite balance went to the wallet (home refreshes) */
  onClose: (moved: boolean) => void;
};

/** docs/spec.md §2 invite modal: the claimable commission with receive, the invite link, the invitees (10 a page). */
export function InviteDialog({ wallet, onClose }: InviteDialogProps) {
  const { t } = useTranslation('promotions');
  const [page, setPage] = useState(1);
  const [moved, setMoved] = useState(false);
  // docs/spec.md §8: an invite list failure is ignored (the table stays empty)
  const invites = useQuery({ ...promotionQueries.invites(page), placeholderData: keepPreviousData });
  const receive = useReceiveInvite();
  const unit = t(`unit.${wallet.wallet.currency}`, { defaultValue: wallet.wallet.currency });
  const link = paths.inviteLink(window.location.origin, wallet.profile._id);

  const handleReceive = () =>
    receive.submit(null, {
      onSuccess: () => {
        setMoved(true);
        notify.success(t('invite.received'));
      },
      onError: (error) => presentError(error, { as: 'toast' }),
    });

  return (
    <Modal open onOpenChange={(open) => !open && onClose(moved)} title={t('invite.title')} size="md">
      <div className="flex flex-col gap-4" data-testid="invite-dialog">
        <section className="flex items-center gap-3 rounded-2xl bg-gradient-to-r from-primary/15 to-surface p-4 ring-1 ring-primary/25">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-primary/20 text-primary">
            <Icon name="referral" className="size-6" />
          </span>
          <div className="min-w-0 flex-1">
            <p className="text-xs font-semibold text-muted">{t('invite.claimable')}</p>
            <p className="text-xl leading-tight font-bold tabular-nums" data-testid="invite-amount">
              {formatMoney(wallet.invite.amount)} <span className="text-xs font-semibold text-muted">{unit}</span>
            </p>
            <p className="text-xs text-muted" data-testid="invite-counts">
              {t('invite.counts', { success: wallet.invite.success, fail: wallet.invite.fail })}
            </p>
          </div>
          <Button
            size="sm"
            onClick={handleReceive}
            isLoading={receive.isPending}
            disabled={wallet.invite.amount <= 0}
            data-testid="invite-receive"
          >
            {t('invite.receive')}
          </Button>
        </section>
        <InviteLink link={link} />
        <section className="flex flex-col gap-2">
          <h3 className="text-sm font-bold">{t('invite.tableTitle')}</h3>
          <HistoryTable
            rows={
              invites.isError
                ? []
                : invites.data?.invites.map((row) => ({
                    name: row.from.name,
                    amount: row.amount,
                    createdAt: row.createdAt,
                  }))
            }
            total={invites.data?.total ?? 0}
            page={page}
            onPageChange={setPage}
            isFetching={invites.isFetching}
            columns={{ name: t('table.name'), amount: t('table.amount'), date: t('table.date') }}
            empty={t('invite.empty')}
            testId="invitees-table"
          />
        </section>
      </div>
    </Modal>
  );
}
