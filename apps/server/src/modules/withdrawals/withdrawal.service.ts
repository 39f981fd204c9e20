import type { WithdrawalStatus } from '@wallet/contract/limits';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { alreadyDecided } from '../../lib/decided-conflict.ts';
import type { PayoutStatus } from '../../providers/bank/bank-port.ts';
import { payoutHeldLocked } from '../account/account.api.ts';
import { appendAudit } from '../audit/audit.api.ts';
import { LEDGER_KINDS, memberWallet, type KeyWithLock } from '../ledger/ledger.api.ts';
import type { Operator, WithdrawalDeps } from './withdrawal-deps.ts';
import { CANCELLED_BY_MEMBER, cancelWithdrawal } from './withdrawal-cancel.ts';
import { applyPayoutOutcome, sendPayout } from './withdrawal-payout.ts';
import { findWithdrawal, transition, type Withdrawal } from './withdrawal.repository.ts';
import { changed, posting, requestWithdrawal, withdrawPending } from './withdrawal-request.ts';

export type { MemberFlags, Operator, WithdrawalDeps } from './withdrawal-deps.ts';

/**
 * The withdrawal life cycle (docs/design.md §9.4, README "Withdrawals"):
 *
 *   request        wallet → house:withdraw_pending     `withdrawal:{id}:hold`      status pending_review | approved
 *   approve        pending_review → approved (then the payout)
 *   payout         approved → paying → paid             `withdrawal:{id}:paid`      pending → house:withdraw
 *                                   → payout_failed     (a definite refusal; the money stays pending)
 *                                   → paying            (unknown: the reconciler asks the bank by payout id)
 *   retry          payout_failed → approved with a new payout id `{id}-{n}` (the bank definitely paid nothing)
 *   reject         pending_review | payout_failed → rejected    `withdrawal:{id}:reversal`  pending → wallet
 *   cancel         pending_review → cancelled (its member)       `withdrawal:{id}:reversal`  pending → wallet
 *
 * Every transition is a conditional update in the same transaction as its posting, event and audit row.
 *
 * A member's payout hold stops every step toward payment, read under the hold's lock in the step's transaction
 * (member-flags.ts): approve and retry (bulk approve included) are refused with PAYOUT_HOLD, and the payout sender
 * puts an approved withdrawal (auto-approved, or approved just before the hold landed) back to pending_review
 * instead of paying it. A payout already at the bank (`paying`) cannot be called back; the reconciler asks about it
 * but never sends it again while the hold lasts.
 */
export class WithdrawalService {
  constructor(private readonly deps: WithdrawalDeps) {}

  /** POST /api/wallet/withdraw: checks, then the row and the hold in one transaction; auto-approved ones are paid. */
  async request(
    member: { id: number; currency: string },
    amountMajor: number,
    key: KeyWithLock | null = null,
  ): Promise<Withdrawal> {
    const row = await requestWithdrawal(this.deps, member, amountMajor, key);
    if (row.status === 'approved') return this.payout(row.id);
    return row;
  }

  /** An operator approves a withdrawal under review; its payout follows at once. PAYOUT_HOLD while held. */
  async approve(id: string, operator: Operator): Promise<Withdrawal> {
    await this.operatorTransition(
      id,
      operator,
      'withdrawal.approve',
      ['pending_review'],
      (now) => ({
        status: 'approved',
        reviewedBy: operator.username,
        reviewedAt: now,
        lastError: null,
        updatedAt: now,
      }),
      refuseHeld,
    );
    return paidOrRefused(await this.payout(id));
  }

  /** Send a definitely failed payout again, under a new payout id. PAYOUT_HOLD while held. */
  async retry(id: string, operator: Operator): Promise<Withdrawal> {
    const current = await this.mustFind(id);
    await this.operatorTransition(
      id,
      operator,
      'withdrawal.retry',
      ['payout_failed'],
      (now) => ({
        status: 'approved',
        payoutId: `${id}-${current.payoutAttempts + 1}`,
        lastError: null,
        updatedAt: now,
      }),
      refuseHeld,
    );
    return paidOrRefused(await this.payout(id));
  }

  /** Refuse a withdrawal under review (or whose payout failed): the money goes back to the wallet. */
  async reject(id: string, operator: Operator, reason: string, note?: string): Promise<Withdrawal> {
    const row = await this.operatorTransition(
      id,
      operator,
      'withdrawal.reject',
      ['pending_review', 'payout_failed'],
      (now) => ({
        status: 'rejected',
        rejectReason: reason,
        rejectNote: note ?? null,
        reviewedBy: operator.username,
        reviewedAt: now,
        updatedAt: now,
      }),
      async (tx, updated) => {
        await this.deps.ledger.post(
          posting(updated, LEDGER_KINDS.withdrawReversal, 'reversal', [
            { account: withdrawPending(updated.memberId), amount: -updated.amount },
            { account: memberWallet(updated.memberId), amount: updated.amount },
          ]),
          tx,
        );
      },
    );
    return row;
  }

  /** The member withdraws their own request while it waits for review (withdrawal-cancel.ts). */
  async cancel(member: { id: number; username: string }, id: string, ip: string | null): Promise<Withdrawal> {
    return cancelWithdrawal(this.deps, member, id, ip);
  }

  /**
   * Send an approved withdrawal's payout (withdrawal-payout.ts): approved → paying, claimed once, then the bank's
   * answer; a member on payout hold is put back to review instead.
   */
  async payout(id: string): Promise<Withdrawal> {
    return sendPayout(this.deps, id);
  }

  /** Settle a `paying` withdrawal by the bank's answer (request or inquiry); anything indefinite leaves it paying. */
  async applyOutcome(row: Withdrawal, outcome: PayoutStatus, inquiry = false): Promise<Withdrawal> {
    return applyPayoutOutcome(this.deps, row, outcome, inquiry);
  }

  private async operatorTransition(
    id: string,
    operator: Operator,
    action: string,
    from: readonly WithdrawalStatus[],
    patch: (now: Date) => Parameters<typeof transition>[3],
    /** runs after the transition in its transaction (a throw rolls it back) */
    alsoInTx?: (tx: Tx, row: Withdrawal) => Promise<void>,
  ): Promise<Withdrawal> {
    const { deps } = this;
    const row = await deps.ledger.transaction(async (tx) => {
      const now = deps.clock.now();
      const before = await findWithdrawal(tx, id);
      if (!before) throw new AppError('NOT_FOUND');
      const updated = await transition(tx, id, from, patch(now));
      // reject after approve, approve twice, another operator first...: refused with who did what when
      if (!updated) {
        const now = (await findWithdrawal(tx, id)) ?? before;
        const by = now.status === 'cancelled' ? CANCELLED_BY_MEMBER : now.reviewedBy;
        throw alreadyDecided(now.status, by, now.reviewedAt ?? now.updatedAt);
      }
      if (alsoInTx) await alsoInTx(tx, updated);
      await appendAudit(
        tx,
        {
          actor: { id: operator.id, username: operator.username },
          action,
          target: `withdrawal:${id}`,
          before: { status: before.status, payoutId: before.payoutId },
          after: {
            status: updated.status,
            payoutId: updated.payoutId,
            ...(updated.rejectReason ? { reason: updated.rejectReason } : {}),
            ...(updated.rejectNote ? { note: updated.rejectNote } : {}),
          },
          ip: operator.ip,
        },
        now,
      );
      await changed(tx, updated);
      return updated;
    });
    deps.notify(row.memberId);
    return row;
  }

  private async mustFind(id: string): Promise<Withdrawal> {
    const row = await findWithdrawal(this.deps.db, id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }
}

/** An approve or retry of a held member is refused in its transaction, under the hold's lock (nothing changes). */
async function refuseHeld(tx: Tx, row: Withdrawal): Promise<void> {
  if (await payoutHeldLocked(tx, row.memberId)) throw new AppError('PAYOUT_HOLD');
}

/** The payout sender put the withdrawal back to review (a hold landed between the approval and the payout). */
function paidOrRefused(row: Withdrawal): Withdrawal {
  if (row.status === 'pending_review' && row.lastError === 'PAYOUT_HOLD') throw new AppError('PAYOUT_HOLD');
  return row;
}
