import type { Message, PageRequest } from '@wallet/contract/common';
import { REFUND_PAGE_SIZE } from '@wallet/contract/limits';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { refunds, refundWalletState } from '../../db/schema/refunds.ts';
import { AppError } from '../../errors.ts';
import type { AuthMember } from '../auth/auth.api.ts';
import {
  house,
  LEDGER_KINDS,
  lockMemberMoney,
  memberRefund,
  memberWallet,
  toMajor,
  toMinor,
  type LedgerService,
} from '../ledger/ledger.api.ts';
import { hasRunningCondition, promotionConditionRunning, startCreditCondition } from '../promotions/promotions.api.ts';
import { assertNoBreak } from '../responsible-play/responsible-play.api.ts';
import type { SettingsService } from '../settings/settings.api.ts';

type Deps = { db: Db; clock: Clock; ledger: LedgerService; settings: SettingsService };
type RefundCheck = {
  result: boolean;
  bonus: boolean;
  info: string;
  refundAmount: number;
  refundSuccess: number;
  refundFail: number;
};
const DONE = ['received', 'credited'];

/**
 * The player's refund (docs/spec.md §7 refund, docs/design.md §9.6): `check` shows it, `receive` collects the computed
 * refunds into `member:{id}:refund`, `addWallet` moves that balance into the wallet and starts a credit condition
 * with the `refundRates` success and fail percentages. Both refuse with REFUND_CONDITION while a condition runs.
 */
export class RefundService {
  constructor(private readonly deps: Deps) {}

  /** `info` names the newest Bangkok day a refund is waiting for (YYYY-MM-DD), or ''. */
  async check(member: AuthMember): Promise<RefundCheck> {
    const { db, ledger, settings } = this.deps;
    const rates = await settings.get('refundRates');
    const waiting = await db
      .select({ amount: refunds.amount, day: refunds.day })
      .from(refunds)
      .where(and(eq(refunds.memberId, member.id), eq(refunds.status, 'claimable')))
      .orderBy(desc(refunds.day));
    const balance = await ledger.balance(memberRefund(member.id), member.currency);
    const amount = waiting.reduce((sum, r) => sum + r.amount, balance);
    const bonus = await promotionConditionRunning(db, member.id);
    return {
      result: amount > 0n,
      bonus,
      info: waiting[0]?.day ?? '',
      refundAmount: toMajor(amount),
      refundSuccess: rates.successPercent,
      refundFail: rates.failPercent,
    };
  }

  /**
   * GET /api/refund/receive: every claimable refund into the refund balance, each once (its row is locked and moved
   * to `received` in the transaction of its posting, key `refund:receive:{refundId}`): 50 concurrent calls credit once.
   */
  async receive(member: AuthMember): Promise<Message> {
    const { ledger, clock, settings } = this.deps;
    const { minRefund } = await settings.get('refundRates');
    return ledger.transaction(async (tx) => {
      if (await hasRunningCondition(tx, member.id)) throw new AppError('REFUND_CONDITION');
      const rows = await tx
        .select()
        .from(refunds)
        .where(and(eq(refunds.memberId, member.id), eq(refunds.status, 'claimable')))
        .orderBy(asc(refunds.id))
        .for('update');
      if (rows.length === 0) throw new AppError('NO_REFUND');
      const total = rows.reduce((sum, r) => sum + r.amount, 0n);
      if (total <= 0n || total < toMinor(minRefund)) throw new AppError('REFUND_MINIMUM');
      const now = clock.now();
      for (const r of rows) {
        const posted = await ledger.post(
          {
            kind: LEDGER_KINDS.refundReceive,
            currency: r.currency,
            memberId: member.id,
            idempotencyKey: `refund:receive:${r.id}`,
            reference: `refund:${r.id}`,
            metadata: { refundId: r.id, day: r.day, loss: String(r.loss), basisPoints: r.basisPoints },
            postings: [
              { account: house('refund', member.id), amount: -r.amount },
              { account: memberRefund(member.id), amount: r.amount },
            ],
          },
          tx,
        );
        await tx
          .update(refunds)
          .set({ status: 'received', receivedAt: now, receiveTransactionId: posted.transactionId })
          .where(eq(refunds.id, r.id));
      }
      return { message: 'REFUND_SUCCESS' };
    });
  }

  /**
   * GET /api/refund/addWallet: the refund balance into the wallet (key `refund:wallet:{id}:{n}`, the member's state
   * row locked), starting a credit condition on it: success when the total balance reaches successPercent % of it,
   * fail below failPercent % (the confirmation the player saw in check).
   */
  async addWallet(member: AuthMember): Promise<Message> {
    const { ledger, clock, settings } = this.deps;
    const rates = await settings.get('refundRates');
    return ledger.transaction(async (tx) => {
      // the member's money lock before the state row (docs/decisions/0019)
      await lockMemberMoney(tx, member.id);
      // money into play: none during a cooling-off or self-exclusion (docs/responsible-play.md §4)
      await assertNoBreak(tx, member.id, clock.now());
      await tx.insert(refundWalletState).values({ memberId: member.id }).onConflictDoNothing();
      const [state] = await tx
        .select()
        .from(refundWalletState)
        .where(eq(refundWalletState.memberId, member.id))
        .for('update');
      if (await hasRunningCondition(tx, member.id)) throw new AppError('REFUND_CONDITION');
      const balance = await ledger.balance(memberRefund(member.id), member.currency, tx);
      if (!state || balance <= 0n) throw new AppError('NO_REFUND');
      const version = state.adds + 1;
      const key = `refund:wallet:${member.id}:${version}`;
      const now = clock.now();
      const posted = await ledger.post(
        {
          kind: LEDGER_KINDS.refund,
          currency: member.currency,
          memberId: member.id,
          idempotencyKey: key,
          metadata: { successPercent: rates.successPercent, failPercent: rates.failPercent },
          postings: [
            { account: memberRefund(member.id), amount: -balance },
            { account: memberWallet(member.id), amount: balance },
          ],
        },
        tx,
      );
      await startCreditCondition(tx, {
        memberId: member.id,
        source: 'refund',
        sourceRef: key,
        transactionId: posted.transactionId,
        amount: balance,
        currency: member.currency,
        at: now,
        successPercent: rates.successPercent,
        failPercent: rates.failPercent,
      });
      await tx
        .update(refunds)
        .set({ status: 'credited', creditedAt: now })
        .where(and(eq(refunds.memberId, member.id), eq(refunds.status, 'received')));
      await tx
        .update(refundWalletState)
        .set({ adds: version, lastAddAt: now })
        .where(eq(refundWalletState.memberId, member.id));
      return { message: 'REFUND_SUCCESS' };
    });
  }

  /** POST /api/refund: refunds the member received, newest first (10 per page: docs/spec.md §9). */
  async list(memberId: number, page: PageRequest) {
    const limit = Math.min(page.limit, REFUND_PAGE_SIZE);
    const mine = and(eq(refunds.memberId, memberId), inArray(refunds.status, DONE));
    const rows = await this.deps.db
      .select({ amount: refunds.amount, receivedAt: refunds.receivedAt, createdAt: refunds.createdAt })
      .from(refunds)
      .where(mine)
      .orderBy(desc(sql`coalesce(${refunds.receivedAt}, ${refunds.createdAt})`), desc(refunds.id))
      .limit(limit)
      .offset((page.page - 1) * limit);
    const [total] = await this.deps.db.select({ n: count() }).from(refunds).where(mine);
    return {
      refunds: rows.map((r) => ({
        refundAmount: toMajor(r.amount),
        createdAt: (r.receivedAt ?? r.createdAt).toISOString(),
      })),
      total: Number(total?.n ?? 0),
    };
  }
}
