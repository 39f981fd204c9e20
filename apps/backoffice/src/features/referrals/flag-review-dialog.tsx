import { adminApi } from '@wallet/contract/admin/admin-api';
import type { SelfReferralFlag } from '@wallet/contract/admin/referral-refunds';
import { formatMoney } from '@wallet/web-core/format';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { adminCall } from '../../lib/api.ts';

export type ReviewDecision = 'approve' | 'reject';

/** Reviews are sent once per opening of the dialog (the server replays a retried request). */
const newKey = () => `referral-review-${crypto.randomUUID()}`;

/**
 * Approve (pay the held commission) or reject (refuse it and every later one) a flagged invite, with the reason the
 * audit log keeps. Shows what the two accounts share, the addresses included; a refusal stays in the dialog.
 */
export function FlagReviewDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSuccess: (flag: SelfReferralFlag) => void;
  flag: SelfReferralFlag;
  decision: ReviewDecision;
}) {
  const { t } = useTranslation('referrals');
  const { flag, decision } = props;
  const id = useId();
  const [key] = useState(newKey);
  return (
    <ConfirmDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      tone={decision === 'reject' ? 'danger' : 'primary'}
      title={t(`review.${decision}Title`, { inviter: flag.inviterName, invitee: flag.inviteeName })}
      description={t(`review.${decision}Body`, { amount: formatMoney(flag.withheld) })}
      confirmLabel={t(`review.${decision}`)}
      reason="required"
      onConfirm={async (reason) => {
        const answer = await adminCall(adminApi.referral.review, {
          params: { id: flag.inviteeId },
          body: { decision, reason },
          idempotencyKey: key,
        });
        props.onSuccess(answer.flag);
      }}
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm" aria-labelledby={`${id}-signals`}>
        <dt id={`${id}-signals`} className="text-muted">
          {t('flags.signals')}
        </dt>
        <dd className="flex flex-wrap gap-1" data-testid="review-signals">
          {flag.signals.map((signal) => (
            <StatusBadge key={signal} tone="warning">
              {t(`signal.${signal}`)}
            </StatusBadge>
          ))}
        </dd>
        {flag.sharedAddresses.length > 0 && (
          <>
            <dt className="text-muted">{t('flags.addresses')}</dt>
            <dd className="font-mono text-xs" data-testid="review-addresses">
              {flag.sharedAddresses.join(', ')}
            </dd>
          </>
        )}
      </dl>
    </ConfirmDialog>
  );
}
