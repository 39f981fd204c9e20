import { adminApi } from '@wallet/contract/admin/admin-api';
import type { AdminDepositRow } from '@wallet/contract/admin/deposits';
import { Button } from '@wallet/ui/button';
import { Modal } from '@wallet/ui/modal';
import { formatMoney } from '@wallet/web-core/format';
import { errorMessage } from '@wallet/web-core/present-error';
import { notify } from '@wallet/web-core/toast';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../lib/api.ts';
import { decidedMessage, decidedOf } from '../../lib/decided.ts';

/**
 * Confirm (credit) a deposit in review with a note. A manual notice is under four eyes
 * (docs/decisions/0022-four-eyes-approvals.md): above the per-notice cap the server refuses it (shown here), and
 * beyond the rolling-day limit it waits for a second operator — the dialog then says so instead of closing.
 */
export function ConfirmDepositDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  row: AdminDepositRow;
  onSuccess: (result: { credited: boolean }) => void;
}) {
  const { t } = useTranslation('deposits');
  const id = useId();
  const [note, setNote] = useState('');
  const [isPending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(false);
  const tooShort = note.trim().length < 3;

  const close = (next: boolean) => {
    if (isPending) return;
    props.onOpenChange(next);
  };
  const send = async () => {
    if (tooShort) {
      setError(t('fourEyes.noteRequired'));
      return;
    }
    setPending(true);
    setError(null);
    try {
      const result = await adminCall(adminApi.deposits.confirm, {
        params: { id: props.row.depositId ?? props.row.id },
        body: { note: note.trim() },
        idempotencyKey: `confirm-${props.row.depositId ?? props.row.id}`,
      });
      const isWaiting = result.approval?.status === 'pending';
      props.onSuccess({ credited: !isWaiting });
      if (isWaiting) setWaiting(true);
      else props.onOpenChange(false);
    } catch (err) {
      // someone decided it first: say who and when, close, and let the list refresh (docs/decisions/0033)
      const decided = decidedOf(err);
      if (decided) {
        notify.warning(decidedMessage(decided));
        props.onSuccess({ credited: false });
        props.onOpenChange(false);
      } else setError(errorMessage(err));
    } finally {
      setPending(false);
    }
  };
  const amount = props.row.amount === null ? '—' : `${formatMoney(props.row.amount)} ${props.row.currency}`;

  return (
    <Modal
      open={props.open}
      onOpenChange={close}
      title={t('confirm.confirm.title')}
      description={t('confirm.confirm.body', { amount, name: props.row.member.name })}
      size="md"
      footer={
        <div className="flex justify-end gap-2">
          {waiting ? (
            <Button onClick={() => props.onOpenChange(false)}>{t('fourEyes.close')}</Button>
          ) : (
            <>
              <Button variant="secondary" onClick={() => close(false)} disabled={isPending}>
                {t('common:actions.cancel')}
              </Button>
              <Button onClick={() => void send()} isLoading={isPending} data-testid="confirm-deposit-send">
                {t('actions.confirm')}
              </Button>
            </>
          )}
        </div>
      }
    >
      <div className="flex flex-col gap-4 pt-1" data-testid="confirm-deposit-dialog">
        {waiting ? (
          <div role="status" className="rounded-xl bg-warning/10 px-3 py-3 text-sm ring-1 ring-warning/30">
            <p className="font-semibold text-fg">{t('fourEyes.waitingTitle')}</p>
            <p className="mt-1 text-muted">{t('fourEyes.waitingBody', { amount })}</p>
          </div>
        ) : (
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`${id}-note`} className="text-sm font-semibold text-fg">
              {t('fourEyes.note')}
            </label>
            <textarea
              id={`${id}-note`}
              rows={3}
              maxLength={500}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              className="rounded-xl bg-bg px-3 py-2 text-sm text-fg ring-1 ring-line ring-inset focus:ring-2 focus:ring-primary focus:outline-none"
            />
            <p className="text-xs text-muted">{t('fourEyes.noteHint')}</p>
          </div>
        )}
        {error && (
          <p role="alert" className="rounded-xl bg-danger/10 px-3 py-2 text-sm text-danger ring-1 ring-danger/30">
            {error}
          </p>
        )}
      </div>
    </Modal>
  );
}
