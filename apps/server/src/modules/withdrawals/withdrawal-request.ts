import { MINOR_PER_MAJOR } from '@wallet/contract/limits';
import { randomBytes } from 'node:crypto';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { emit } from '../../events/emit.ts';
import { queueChanged } from '../../realtime/queue-signals.ts';
import { bangkokDayStart } from '../../lib/bangkok-time.ts';
import {
  house,
  LEDGER_KINDS,
  memberMoneyLockSteps,
  memberWallet,
  toMinor,
  TripRefused,
  type KeyWithLock,
  type PostInput,
} from '../ledger/ledger.api.ts';
import { walletAmounts } from '../settings/settings.api.ts';
import {
  destinationOfSql,
  insertWithdrawalSql,
  newWithdrawal,
  withinDailyLimits,
  type Withdrawal,
} from './withdrawal.repository.ts';
import type { WithdrawalDeps } from './withdrawal-deps.ts';

/** The ledger accounts of a withdrawal: requested money waits in `pending`, paid money ends in `paid`. */
export const withdrawPending = (memberId: number) => house('withdraw_pending', memberId);
export const withdrawPaid = (memberId: number) => house('withdraw', memberId);

const newWithdrawalId = () => randomBytes(18).toString('base64url');

/**
 * A member's withdrawal request (WithdrawalService.request pays the auto-approved ones): the amount's checks, then ONE
 * round trip (docs/decisions/0051-one-round-trip-money-moves.md), one implicit transaction: the member's money lock
 * (docs/decisions/0019), with `key` (the request's Idempotency-Key) the key's row and answer
 * (docs/decisions/0048-money-moves-fast-path.md), the running condition, the payout account and its cooling read after
 * it, and the posting statement with the daily limits' check, the row (its payout account copied by the statement),
 * its event and the hold. A claim that credits a bonus and starts its condition takes the same lock, so it either
 * committed before these reads (BONUS_REMAINING) or waits for this request to commit. Any refusal rolls back all of it.
 */
export async function requestWithdrawal(
  deps: WithdrawalDeps,
  member: { id: number; currency: string },
  amountMajor: number,
  key: KeyWithLock | null = null,
): Promise<Withdrawal> {
  const amount = toMinor(amountMajor);
  // bounds and daily total in the wallet's own currency (docs/money-rules.md)
  const limits = await walletAmounts(deps.settings, member.currency);
  const unit = BigInt(MINOR_PER_MAJOR);
  if (amount < BigInt(limits.withdrawMin) * unit || amount > BigInt(limits.withdrawMax) * unit || amount <= 0n) {
    throw new AppError('KEY_INVALID');
  }
  const auto = await deps.settings.get('withdrawAutoApprove');
  let autoApproved = auto.enabled && amount <= BigInt(auto.maxAmount) * unit;
  if (autoApproved) {
    const flags = await deps.memberFlags(member.id);
    autoApproved = !flags.flagged && !flags.payoutHold;
  }

  const id = newWithdrawalId();
  // PAYOUT_ACCOUNT_COOLING while the cooling period after a payout-account change runs
  const payout = await deps.account.payoutDestinationSql(member.id);
  let row: Withdrawal | undefined;
  let result;
  try {
    result = await deps.ledger.oneTrip(() => {
      const now = deps.clock.now();
      row = newWithdrawal({
        id,
        memberId: member.id,
        amount,
        currency: member.currency,
        status: autoApproved ? 'approved' : 'pending_review',
        // the script copies the payout account; read back below
        bankCode: '',
        bankAccountNo: '',
        bankAccountName: '',
        autoApproved,
        payoutId: id,
        reviewedBy: autoApproved ? 'auto' : null,
        reviewedAt: autoApproved ? now : null,
        createdAt: now,
        updatedAt: now,
      });
      return [
        // the lock first: the next statements' snapshots see every earlier request and claim of this member
        ...memberMoneyLockSteps(member.id, key),
        { refuse: 'BONUS_REMAINING', when: deps.conditionRunningSql(member.id) },
        { refuse: 'NO_BANK', when: payout.missing },
        { refuse: 'PAYOUT_ACCOUNT_COOLING', when: payout.cooling },
        // the daily limits' check, the row, its event and the hold in one statement; REQUEST_LIMIT or
        // MONEY_NOT_ENOUGH roll the row back with the hold (and the key)
        deps.ledger.postingStep(
          posting(row, LEDGER_KINDS.withdraw, 'hold', [
            { account: memberWallet(member.id), amount: -amount },
            { account: withdrawPending(member.id), amount },
          ]),
          {
            guard: {
              check: withinDailyLimits(member.id, bangkokDayStart(now), amount, {
                count: limits.perDayCount,
                total: BigInt(limits.perDayAmount) * unit,
              }),
              error: new AppError('REQUEST_LIMIT'),
            },
            writes: [insertWithdrawalSql(row, payout.columns)],
            events: [changedEvent(row)],
          },
        ),
        { statement: destinationOfSql(id) },
      ];
    });
  } catch (err) {
    // the key already has an answer: `conflict` throws it (the request replays it)
    if (err instanceof TripRefused && err.code === 'KEY_ANSWERED' && key) await key.conflict(deps.db);
    throw err;
  }
  const destination = result.rows[0]?.[0] as Pick<Withdrawal, 'bankCode' | 'bankAccountNo' | 'bankAccountName'>;
  if (!row || !destination) throw new Error('withdrawal: the request script answered no row');
  deps.notify(member.id);
  return { ...(row as Withdrawal), ...destination };
}

export function posting(
  w: Withdrawal,
  kind: PostInput['kind'],
  step: string,
  postings: PostInput['postings'],
): PostInput {
  return {
    kind,
    currency: w.currency,
    memberId: w.memberId,
    idempotencyKey: `withdrawal:${w.id}:${step}`,
    reference: `${w.id}:${step}`,
    metadata: { withdrawalId: w.id },
    postings,
  };
}

function changedEvent(w: Withdrawal) {
  // every withdrawal event is a change of the finance queue too: the operator consoles refresh after the commit
  queueChanged('withdrawals', w.id, w.status);
  return {
    type: 'withdrawal.changed' as const,
    payload: { memberId: w.memberId, withdrawalId: w.id, status: w.status },
  };
}

export function changed(tx: Tx, w: Withdrawal) {
  return emit(tx, changedEvent(w));
}
