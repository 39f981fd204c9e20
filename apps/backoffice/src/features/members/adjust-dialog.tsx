import { adminApi } from '@wallet/contract/admin/admin-api';
import { FormDialog } from '@wallet/ui/form-dialog';
import { SelectField } from '@wallet/ui/select-field';
import { TextField } from '@wallet/ui/text-field';
import { formatMoney } from '@wallet/web-core/format';
import { errorMessage } from '@wallet/web-core/present-error';
import { notify } from '@wallet/web-core/toast';
import { useMoneyMutation } from '@wallet/web-core/use-money-mutation';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCall } from '../../lib/api.ts';
import { toMinorString } from './money.ts';

type Body = { amount: string; reason: string };

/**
 * A balance adjustment: credit or debit, an amount and a mandatory reason. One submit per intent with the same
 * Idempotency-Key on a retry (keys are per operator on the server). Above the threshold it waits for a second operator.
 */
export function AdjustDialog(props: {
  memberId: number;
  currency: string;
  walletMajor: number;
  onClose: () => void;
  onSuccess: () => void;
}) {
  const { t } = useTranslation('members');
  const formId = useId();
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string; server?: string }>({});
  // over the rolling-day limit the adjustment waits in the approvals queue (docs/decisions/0022): the dialog says so
  const [waiting, setWaiting] = useState<{ amount: string; currency: string } | null>(null);
  const mutation = useMoneyMutation<Body, Awaited<ReturnType<typeof create>>>({
    mutationFn: (body, idempotencyKey) => create(body, idempotencyKey),
  });
  function create(body: Body, idempotencyKey: string) {
    return adminCall(adminApi.adjustments.create, { params: { id: props.memberId }, body, idempotencyKey });
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (waiting) {
      props.onClose();
      return;
    }
    const minor = toMinorString(amount);
    const next = {
      ...(minor === null || minor.startsWith('-') ? { amount: t('adjust.amountInvalid') } : {}),
      ...(reason.trim().length < 3 ? { reason: t('adjust.reasonRequired') } : {}),
    };
    setErrors(next);
    if (Object.keys(next).length > 0 || minor === null) return;
    mutation.submit(
      { amount: direction === 'debit' ? `-${minor}` : minor, reason: reason.trim() },
      {
        onSuccess: ({ adjustment }) => {
          props.onSuccess();
          if (adjustment.status === 'pending') {
            setWaiting({
              amount: formatMoney(Math.abs(Number(adjustment.amount)) / 100),
              currency: adjustment.currency,
            });
            return;
          }
          notify.success(t('adjust.posted'));
          props.onClose();
        },
        onError: (error) => setErrors({ server: errorMessage(error) }),
      },
    );
  };

  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && !mutation.isPending && props.onClose()}
      title={t('adjust.title')}
      description={t('adjust.description', { balance: formatMoney(props.walletMajor), currency: props.currency })}
      formId={formId}
      onSubmit={onSubmit}
      submitLabel={waiting ? t('adjust.close') : t('adjust.submit')}
      isSubmitting={mutation.isPending}
      data-testid="adjust-form"
    >
      {waiting ? (
        <div
          role="status"
          className="rounded-xl bg-warning/10 px-3 py-3 text-sm text-fg ring-1 ring-warning/30"
          data-testid="adjust-waiting"
        >
          <p className="font-semibold">{t('adjust.waitingTitle')}</p>
          <p className="mt-1 text-muted">{t('adjust.waitingBody', waiting)}</p>
        </div>
      ) : (
        <>
          <SelectField
            label={t('adjust.direction')}
            name="direction"
            value={direction}
            onChange={(e) => setDirection(e.target.value === 'debit' ? 'debit' : 'credit')}
            options={[
              { value: 'credit', label: t('adjust.credit') },
              { value: 'debit', label: t('adjust.debit') },
            ]}
          />
          <TextField
            label={t('adjust.amount', { currency: props.currency })}
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            error={errors.amount}
            hint={t('adjust.amountHint')}
          />
          <TextField
            label={t('adjust.reason')}
            name="reason"
            value={reason}
            maxLength={500}
            onChange={(e) => setReason(e.target.value)}
            error={errors.reason}
            hint={t('adjust.reasonHint')}
          />
        </>
      )}
      {errors.server && (
        <p role="alert" className="rounded-xl bg-danger/10 px-3 py-2 text-sm text-danger ring-1 ring-danger/30">
          {errors.server}
        </p>
      )}
    </FormDialog>
  );
}
