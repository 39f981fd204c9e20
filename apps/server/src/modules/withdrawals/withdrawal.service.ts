import type { WithdrawalStatus } from '@wallet/contract/limits';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Db, Tx } from '../../db/client.ts';
import { withRetry } from '../../db/pg-error.ts';
import { AppError } from '../../errors.ts';
import type { PayoutBank, PayoutStatus } from '../../providers/bank/bank-port.ts';
import { payoutHeldLocked, type AccountApi } from '../account/account.api.ts';
import { appendAudit } from '../audit/audit.api.ts';
import { LEDGER_KINDS, memberWallet, type LedgerService } from '../ledger/ledger.api.ts';
import type { SettingsService } from '../settings/settings.api.ts';
import { findWithdrawal, transition, type Withdrawal } from './withdrawal.repository.ts';
import { changed, posting, requestWithdrawal, withdrawPaid, withdrawPending } from './withdrawal-request.ts';

export type MemberFlags = { flagged: boolean; payoutHold: boolean };
export type Operator = { id: number; username: string; ip: string | null };

export type WithdrawalDeps = {
  db: Db;
  ledger: LedgerService;
  clock: Clock;
  log: FastifyBaseLogger;
  settings: SettingsService;
  bank: PayoutBank;
  account: Pick<AccountApi, 'payoutDestination'>;
  /** BONUS_REMAINING while a promotion condition runs (promotions.api.ts), read in the request's transaction */
  conditionRunning: (memberId: number, tx: Tx) => Promise<boolean>;
  /** the member's flags for the auto-approve rule (account.api memberPayoutFlags) */
  memberFlags: (memberId: number) => Promise<MemberFlags>;
  /** tell the member's sockets their statement and balance changed */
  notify: (memberId: number) => void;
};

/**
 * The withdrawal life cycle (DESIGN.md §9.4, README "Withdrawals"):
 *
 *   request        wallet → house:withdraw_pending     `withdrawal:{id}:hold`      status pending_review | approved
 *   approve        pending_review → approved (then the payout)
 *   payout         approved → paying → paid             `withdrawal:{id}:paid`      pending → house:withdraw
 *                                   → payout_failed     (a definite refusal; the money stays pending)
 *                                   → paying            (unknown: the reconciler asks the bank by payout id)
 *   retry          payout_failed → approved with a new payout id `{id}-{n}` (the bank definitely paid nothing)
 *   reject         pending_review | payout_failed → rejected    `withdrawal:{id}:reversal`  pending → wallet
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
  async request(member: { id: number; currency: string }, amountMajor: number): Promise<Withdrawal> {
    const row = await requestWithdrawal(this.deps, member, amountMajor);
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

  /**
   * Send an approved withdrawal's payout: approved → paying (claimed once), then the bank's answer. A crash between
   * the claim and the answer leaves it `paying`: the reconciler asks the bank by payout id, never sends a new one.
   * A member on payout hold is never paid: the claim finds the hold (under its lock) and puts the withdrawal back
   * to pending_review with `lastError` PAYOUT_HOLD, for a person to decide once the hold is lifted.
   */
  async payout(id: string): Promise<Withdrawal> {
    const { deps } = this;
    const now = deps.clock.now();
    const claimed = await withRetry(() =>
      deps.db.transaction(async (tx) => {
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
      }),
    );
    if (!claimed) return this.mustFind(id);
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
    return this.applyOutcome(claimed, outcome);
  }

  /** Settle a `paying` withdrawal by the bank's answer (request or inquiry); anything indefinite leaves it paying. */
  async applyOutcome(row: Withdrawal, outcome: PayoutStatus, inquiry = false): Promise<Withdrawal> {
    const { deps } = this;
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
      return settled ?? this.mustFind(row.id);
    }
    if (outcome.kind === 'rejected') {
      const failed = await withRetry(() =>
        deps.db.transaction(async (tx) => {
          const updated = await transition(tx, row.id, ['paying'], {
            status: 'payout_failed',
            lastError: `${outcome.reason}: ${outcome.detail}`.slice(0, 500),
            updatedAt: now,
            ...(inquiry ? { inquiries: row.inquiries + 1 } : {}),
          });
          if (updated) await changed(tx, updated);
          return updated;
        }),
      );
      if (failed) deps.notify(failed.memberId);
      return failed ?? this.mustFind(row.id);
    }
    const detail = outcome.kind === 'unknown' ? outcome.detail : outcome.kind;
    deps.log.warn({ withdrawalId: row.id, payoutId: row.payoutId, detail }, 'payout outcome unknown: left paying');
    const noted = await transition(deps.db, row.id, ['paying'], {
      lastError: detail.slice(0, 500),
      updatedAt: now,
      ...(inquiry ? { inquiries: row.inquiries + 1 } : {}),
    });
    return noted ?? this.mustFind(row.id);
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
      // reject after approve, approve twice...: refused, nothing changed
      if (!updated) throw new AppError('KEY_INVALID');
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
