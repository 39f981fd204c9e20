import type { Coupon } from '@wallet/contract/spinwheel';
import { and, asc, eq, gt, lte } from 'drizzle-orm';
import { spinCoupons, spinSlices, spinWheels } from '../../db/schema/spin-wheel.ts';
import { AppError } from '../../errors.ts';
import type { AuthMember } from '../auth/auth.api.ts';
import type { ContentLanguage } from '../content/content.api.ts';
import { house, LEDGER_KINDS, lockMemberMoney, memberWallet, toMajor } from '../ledger/ledger.api.ts';
import { assertNoBreak } from '../responsible-play/responsible-play.api.ts';
import { hasRunningCondition, startPrizeCondition } from '../promotions/promotions.api.ts';
import { pick, toHtml } from './localized.ts';
import type { SpinDeps } from './spin.service.ts';

/** The key of a coupon's one claim posting: a repeat, from any process, is a ledger replay. */
const claimKey = (couponId: string) => `spin:coupon:${couponId}:claim`;

/** Coupons won on the wheel: the claimable list, the claim (credit from `house:spin`), the expiry sweep. */
export class CouponService {
  constructor(private readonly deps: SpinDeps) {}

  /** GET /api/spinwheel/coupon: the member's open coupons, soonest expiry first. */
  async list(memberId: number, lang: ContentLanguage): Promise<Coupon[]> {
    const rows = await this.deps.db
      .select({
        id: spinCoupons.id,
        amount: spinCoupons.amount,
        expiresAt: spinCoupons.expiresAt,
        label: spinSlices.label,
        description: spinSlices.description,
        wheel: spinWheels.name,
      })
      .from(spinCoupons)
      .innerJoin(spinSlices, eq(spinSlices.id, spinCoupons.sliceId))
      .innerJoin(spinWheels, eq(spinWheels.id, spinSlices.wheelId))
      .where(
        and(
          eq(spinCoupons.memberId, memberId),
          eq(spinCoupons.status, 'open'),
          gt(spinCoupons.expiresAt, this.deps.clock.now()),
        ),
      )
      .orderBy(asc(spinCoupons.expiresAt), asc(spinCoupons.id));
    return rows.map((r) => ({
      _id: r.id,
      prize: {
        name: r.wheel,
        slice: { label: pick(r.label, lang), htmlDescription: toHtml(pick(r.description, lang)) },
      },
      amount: toMajor(r.amount),
      expiresAt: r.expiresAt.toISOString(),
    }));
  }

  /**
   * POST /api/spinwheel/coupon/claim: the coupon row is locked, checked (the caller's own, open, not expired, no
   * condition running), credited from `house:spin` under the coupon's derived key and marked claimed, all in one
   * transaction, so 50 concurrent claims make one credit. A bonus prize also starts its condition (promotions).
   */
  async claim(member: AuthMember, couponId: string): Promise<{ message: string }> {
    const now = this.deps.clock.now();
    await this.deps.ledger.transaction(async (tx) => {
      // the member's money lock before the coupon row (docs/decisions/0019)
      await lockMemberMoney(tx, member.id);
      await assertNoBreak(tx, member.id, now);
      const [coupon] = await tx
        .select({
          id: spinCoupons.id,
          status: spinCoupons.status,
          expiresAt: spinCoupons.expiresAt,
          prizeType: spinCoupons.prizeType,
          amount: spinCoupons.amount,
          currency: spinCoupons.currency,
          label: spinSlices.label,
          code: spinSlices.code,
          condition: spinSlices.condition,
        })
        .from(spinCoupons)
        .innerJoin(spinSlices, eq(spinSlices.id, spinCoupons.sliceId))
        .where(and(eq(spinCoupons.id, couponId), eq(spinCoupons.memberId, member.id)))
        .for('update', { of: spinCoupons });
      // another member's coupon is indistinguishable from none (object-level authorization)
      if (!coupon || coupon.status === 'claimed') throw new AppError('NO_CLAIMABLE_COUPON');
      if (coupon.status === 'expired' || coupon.expiresAt <= now) throw new AppError('COUPON_EXPIRED');
      if (coupon.prizeType === 'none' || coupon.amount <= 0n) throw new AppError('INVALID_COUPON_TYPE');
      if (coupon.currency !== member.currency) throw new AppError('INVALID_COUPON_TYPE');
      if (await hasRunningCondition(tx, member.id)) throw new AppError('BONUS_REMAINING');
      const { transactionId } = await this.deps.ledger.post(
        {
          kind: LEDGER_KINDS.luckydraw,
          currency: coupon.currency,
          memberId: member.id,
          idempotencyKey: claimKey(coupon.id),
          // every language's label: the statement shows the reader's (not the claimer's) language
          metadata: { description: coupon.label, couponId: coupon.id, slice: coupon.code },
          postings: [
            { account: memberWallet(member.id), amount: coupon.amount },
            { account: house('spin', member.id), amount: -coupon.amount },
          ],
        },
        tx,
      );
      if (coupon.prizeType === 'bonus') {
        await startPrizeCondition(tx, {
          memberId: member.id,
          transactionId,
          base: coupon.amount,
          currency: coupon.currency,
          turnoverMultiple: coupon.condition?.turnoverMultiple ?? 0,
          percentFail: coupon.condition?.percentFail ?? 0,
          source: `spin:${coupon.id}`,
          at: now,
        });
      }
      await tx.update(spinCoupons).set({ status: 'claimed', claimedAt: now }).where(eq(spinCoupons.id, coupon.id));
    });
    return { message: 'SUCCESS' };
  }

  /** The coupon-expiry job: open coupons past their expiry become `expired` (claims already refuse them). */
  async expire(): Promise<{ expired: number }> {
    const rows = await this.deps.db
      .update(spinCoupons)
      .set({ status: 'expired' })
      .where(and(eq(spinCoupons.status, 'open'), lte(spinCoupons.expiresAt, this.deps.clock.now())))
      .returning({ id: spinCoupons.id });
    return { expired: rows.length };
  }
}
