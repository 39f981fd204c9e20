import { AppError } from '../../errors.ts';
import { appendAudit } from '../audit/audit.api.ts';
import { LEDGER_KINDS, memberWallet } from '../ledger/ledger.api.ts';
import type { WithdrawalDeps } from './withdrawal-deps.ts';
import { findWithdrawal, transition, type Withdrawal } from './withdrawal.repository.ts';
import { changed, posting, withdrawPending } from './withdrawal-request.ts';

/** Who a member's cancellation names as the decider (APPROVAL_DECIDED's `by`, the audit row's actor). */
export const CANCELLED_BY_MEMBER = 'member';

/**
 * A member withdraws their own request while it still waits for review (modules/withdrawals/README.md "Cancel"):
 * pending_review → cancelled by a conditional update, and in the same transaction the hold back to the wallet
 * (`withdrawal:{id}:reversal`, the key a reject would use: a withdrawal is reversed at most once), the audit row and
 * the `withdrawal.changed` event (the consoles' queue signal after the commit, docs/decisions/0033-live-queues.md).
 * Another member's id is NOT_FOUND; a row an operator, the auto-approval or the payout sender already took is
 * WITHDRAWAL_NOT_CANCELLABLE, with nothing changed.
 */
export async function cancelWithdrawal(
  deps: WithdrawalDeps,
  member: { id: number; username: string },
  id: string,
  ip: string | null,
): Promise<Withdrawal> {
  const row = await deps.ledger.transaction(async (tx) => {
    const now = deps.clock.now();
    const before = await findWithdrawal(tx, id);
    if (!before || before.memberId !== member.id) throw new AppError('NOT_FOUND');
    const updated = await transition(tx, id, ['pending_review'], { status: 'cancelled', updatedAt: now });
    if (!updated) throw new AppError('WITHDRAWAL_NOT_CANCELLABLE');
    await deps.ledger.post(
      posting(updated, LEDGER_KINDS.withdrawReversal, 'reversal', [
        { account: withdrawPending(updated.memberId), amount: -updated.amount },
        { account: memberWallet(updated.memberId), amount: updated.amount },
      ]),
      tx,
    );
    await appendAudit(
      tx,
      {
        actor: { id: null, username: `${CANCELLED_BY_MEMBER}:${member.username}` },
        action: 'withdrawal.cancel',
        target: `withdrawal:${id}`,
        before: { status: before.status, payoutId: before.payoutId },
        after: { status: updated.status, memberId: member.id },
        ip,
      },
      now,
    );
    await changed(tx, updated);
    return updated;
  });
  deps.notify(row.memberId);
  return row;
}
