// A withdrawal's payout: the claim (approved → paying, or back to review while the member's payout is on hold) and
// the bank's answer (docs/decisions/0019-money-transaction-and-member-lock.md for the transactions).
import { sql } from 'drizzle-orm';
import { AppError } from '../../errors.ts';
import type { PayoutStatus } from '../../providers/bank/bank-port.ts';
import { payoutHeldLocked } from '../account/account.api.ts';
import { appendAudit } from '../audit/audit.api.ts';
import { LEDGER_KINDS } from '../ledger/ledger.api.ts';
import { findWithdrawal, transition, type Withdrawal } from './withdrawal.repository.ts';
import { changed, posting, withdrawPaid, withdrawPending } from './withdrawal-request.ts';
import type { WithdrawalDeps } from './withdrawal-deps.ts';

/**
 * Send an approved withdrawal's payout: approved → paying (claimed once), then the bank's answer. A crash between
 * the claim and the answer leaves it `paying`: the reconciler asks the bank by payout id, never sends a new one.
 * A member on payout hold is never paid: the claim finds the hold (under its lock) and puts the withdrawal back
 * to pending_review with `lastError` PAYOUT_HOLD, for a person to decide once the hold is lifted.
 */
export async function sendPayout(deps: WithdrawalDeps, id: string): Promise<Withdrawal> {
  const now = deps.clock.now();
  const claimed = await deps.ledger.transaction(async (tx) => {
    const row = await transition(tx, id, ['approved'], { status: 'paying', updatedAt: now });
    if (!row) return undefined;
    if (await payoutHeldLocked(tx, row.memberId)) {
      const back = await transition(tx, id, ['paying'], {
        status: 'pending_review',
        autoApproved: false,
        reviewedBy: null,
        reviewedAt: null,
        lastError: 'PAYOUT_HOLD',
        updatedAt: now,
      });
      if (back) {
        // the system's step, in the audit log beside the approval it undoes
        await appendAudit(
          tx,
          {
            actor: { id: null, username: 'system' },
            action: 'withdrawal.heldBack',
            target: `withdrawal:${id}`,
            before: { status: 'approved', payoutId: row.payoutId },
            after: { status: back.status, reason: 'PAYOUT_HOLD' },
            ip: null,
          },
          now,
        );
        await changed(tx, back);
      }
      return { held: back ?? row };
    }
    await tx.execute(
      sql`update withdrawals set payout_attempts = payout_attempts + 1 where id = ${id} and status = 'paying'`,
    );
    await changed(tx, row);
    return row;
  });
  if (!claimed) return mustFind(deps, id);
  if ('held' in claimed) {
    deps.log.warn({ withdrawalId: id, memberId: claimed.held.memberId }, 'payout on hold: back to review');
    deps.notify(claimed.held.memberId);
    return claimed.held;
  }
  deps.notify(claimed.memberId);
  const outcome = await deps.bank
    .requestPayout({
      payoutId: claimed.payoutId,
      amount: claimed.amount,
      currency: claimed.currency === 'LAK' ? 'LAK' : 'THB',
      toBank: claimed.bankCode,
      toAccountNo: claimed.bankAccountNo,
      toAccountName: claimed.bankAccountName,
    })
    .catch((err: unknown): PayoutStatus => ({ kind: 'unknown', detail: String(err).slice(0, 200) }));
  return applyPayoutOutcome(deps, claimed, outcome);
}

/** Settle a `paying` withdrawal by the bank's answer (request or inquiry); anything indefinite leaves it paying. */
export async function applyPayoutOutcome(
  deps: WithdrawalDeps,
  row: Withdrawal,
  outcome: PayoutStatus,
  inquiry = false,
): Promise<Withdrawal> {
  const now = deps.clock.now();
  if (outcome.kind === 'paid') {
    const settled = await deps.ledger.transaction(async (tx) => {
      const updated = await transition(tx, row.id, ['paying'], {
        status: 'paid',
        bankRef: outcome.bankRef,
        paidAt: outcome.paidAt,
        lastError: null,
        updatedAt: now,
        ...(inquiry ? { inquiries: row.inquiries + 1 } : {}),
      });
      if (!updated) return undefined;
      await deps.ledger.post(
        posting(updated, LEDGER_KINDS.withdrawPaid, 'paid', [
          { account: withdrawPending(updated.memberId), amount: -updated.amount },
          { account: withdrawPaid(updated.memberId), amount: updated.amount },
        ]),
        tx,
      );
      await changed(tx, updated);
      return updated;
    });
    if (settled) deps.notify(settled.memberId);
    return settled ?? mustFind(deps, row.id);
  }
  if (outcome.kind === 'rejected') {
    const failed = await deps.ledger.transaction(async (tx) => {
      const updated = await transition(tx, row.id, ['paying'], {
        status: 'payout_failed',
        lastError: `${outcome.reason}: ${outcome.detail}`.slice(0, 500),
        updatedAt: now,
        ...(inquiry ? { inquiries: row.inquiries + 1 } : {}),
      });
      if (updated) await changed(tx, updated);
      return updated;
    });
    if (failed) deps.notify(failed.memberId);
    return failed ?? mustFind(deps, row.id);
  }
  const detail = outcome.kind === 'unknown' ? outcome.detail : outcome.kind;
  deps.log.warn({ withdrawalId: row.id, payoutId: row.payoutId, detail }, 'payout outcome unknown: left paying');
  const noted = await transition(deps.db, row.id, ['paying'], {
    lastError: detail.slice(0, 500),
    updatedAt: now,
    ...(inquiry ? { inquiries: row.inquiries + 1 } : {}),
  });
  return noted ?? mustFind(deps, row.id);
}

async function mustFind(deps: WithdrawalDeps, id: string): Promise<Withdrawal> {
  const row = await findWithdrawal(deps.db, id);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}
