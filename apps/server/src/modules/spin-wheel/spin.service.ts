import { randomUUID } from 'node:crypto';
import type { SpinOdds, SpinResult, SpinSetup } from '@wallet/contract/spinwheel';
import { and, eq } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db, Tx } from '../../db/client.ts';
import { spinCoupons, spinDraws, spinSlices } from '../../db/schema/spin-wheel.ts';
import { AppError } from '../../errors.ts';
import { emit } from '../../events/emit.ts';
import type { AuthMember } from '../auth/auth.api.ts';
import type { ContentLanguage } from '../content/content.api.ts';
import type { LedgerService } from '../ledger/ledger.api.ts';
import { assertNoBreak } from '../responsible-play/responsible-play.api.ts';
import { coinBalance, spendCoin } from './coins.ts';
import { cryptoRandomInt, drawIndex, oddsPercent, type RandomInt } from './draw.ts';
import { pick, toHtml } from './localized.ts';
import { liveWheel } from './wheel.repository.ts';

/** What the wheel's services are built from (tests pass a seeded `random`). */
export type SpinDeps = { db: Db; ledger: LedgerService; clock: Clock; random?: RandomInt };

/** GET setup / active / odds and POST spin (docs/spec.md §3 spin setup and result; docs/design.md §9.7). */
export class SpinService {
  private readonly random: RandomInt;

  constructor(private readonly deps: SpinDeps) {
    this.random = deps.random ?? cryptoRandomInt;
  }

  private get db(): Db {
    return this.deps.db;
  }

  async setup(memberId: number, lang: ContentLanguage): Promise<SpinSetup> {
    const wheel = await liveWheel(this.db, this.deps.clock.now());
    return {
      activeSpinwheel: wheel && {
        name: wheel.name,
        slices: wheel.slices.map((s) => ({
          code: s.code,
          label: pick(s.label, lang),
          bgColor: s.bgColor,
          textColor: s.textColor,
          htmlDescription: toHtml(pick(s.description, lang)),
          isPrize: s.prizeType !== 'none' && s.amount > 0n,
          prizeKind: s.amount > 0n ? s.prizeType : 'none',
        })),
      },
      userCoin: await coinBalance(this.deps.ledger, memberId),
    };
  }

  async active(): Promise<{ active: boolean }> {
    return { active: (await liveWheel(this.db, this.deps.clock.now())) !== null };
  }

  async odds(lang: ContentLanguage): Promise<SpinOdds> {
    const wheel = await liveWheel(this.db, this.deps.clock.now());
    if (!wheel) return { slices: [] };
    const percents = oddsPercent(wheel.slices.map((s) => s.weight));
    return {
      slices: wheel.slices.map((s, i) => ({ code: s.code, label: pick(s.label, lang), percent: percents[i] ?? 0 })),
    };
  }

  /**
   * Spend one coin and draw, in one transaction: the draw row (unique per member and key) is written first, then
   * the coin is debited with the ledger's conditional update, then the coupon. The answer is built from what was
   * stored, so a retry with the same key (`key`: the client's Idempotency-Key) answers the same slice.
   */
  async spin(member: AuthMember, key: string | null, lang: ContentLanguage): Promise<SpinResult> {
    const drawKey = key ?? randomUUID();
    const now = this.deps.clock.now();
    return this.deps.ledger.transaction(async (tx) => {
      const existing = await this.storedResult(tx, member.id, drawKey, lang);
      if (existing) return existing;
      // no spin during a cooling-off or self-exclusion (docs/decisions/0039)
      await assertNoBreak(tx, member.id, now);
      const wheel = await liveWheel(tx, now);
      if (!wheel || wheel.slices.length === 0) throw new AppError('NO_DATA');
      const slice =
        wheel.slices[
          drawIndex(
            wheel.slices.map((s) => s.weight),
            this.random,
          )
        ];
      if (!slice) throw new Error('spin-wheel: drawn slice missing');
      const drawId = randomUUID();
      const [inserted] = await tx
        .insert(spinDraws)
        .values({
          id: drawId,
          memberId: member.id,
          key: drawKey,
          wheelId: wheel.id,
          sliceId: slice.id,
          remainingCoin: 0,
        })
        .onConflictDoNothing()
        .returning({ id: spinDraws.id });
      if (!inserted) {
        // the same key committed meanwhile (a concurrent retry): answer what it drew
        const raced = await this.storedResult(tx, member.id, drawKey, lang);
        if (!raced) throw new AppError('IDEMPOTENCY_IN_PROGRESS');
        return raced;
      }
      try {
        await spendCoin(this.deps.ledger, tx, member.id, `spin:${member.id}:${drawKey}`, drawId);
      } catch (err) {
        if (err instanceof AppError && err.code === 'MONEY_NOT_ENOUGH') throw new AppError('NO_COIN');
        throw err;
      }
      const remainingCoin = await coinBalance(this.deps.ledger, member.id, tx);
      await tx.update(spinDraws).set({ remainingCoin }).where(eq(spinDraws.id, drawId));
      if (slice.prizeType !== 'none' && slice.amount > 0n) {
        const couponId = randomUUID();
        await tx.insert(spinCoupons).values({
          id: couponId,
          memberId: member.id,
          drawId,
          sliceId: slice.id,
          prizeType: slice.prizeType,
          amount: slice.amount,
          currency: member.currency,
          expiresAt: new Date(now.getTime() + slice.couponHours * 3600_000),
          createdAt: now,
        });
        // the member hears of it on LINE (docs/decisions/0041), once, with the draw's commit
        await emit(tx, {
          type: 'coupon.won',
          payload: {
            memberId: member.id,
            couponId,
            prizeType: slice.prizeType,
            amount: slice.amount.toString(),
            currency: member.currency,
            expiresAt: new Date(now.getTime() + slice.couponHours * 3600_000).toISOString(),
          },
        });
      }
      return {
        success: true,
        result: { code: slice.code, label: pick(slice.label, lang), remainingCoin },
        error: null,
      };
    });
  }

  private async storedResult(tx: Tx, memberId: number, key: string, lang: ContentLanguage): Promise<SpinResult | null> {
    const [row] = await tx
      .select({ code: spinSlices.code, label: spinSlices.label, remainingCoin: spinDraws.remainingCoin })
      .from(spinDraws)
      .innerJoin(spinSlices, eq(spinSlices.id, spinDraws.sliceId))
      .where(and(eq(spinDraws.memberId, memberId), eq(spinDraws.key, key)));
    if (!row) return null;
    return {
      success: true,
      result: { code: row.code, label: pick(row.label, lang), remainingCoin: row.remainingCoin },
      error: null,
    };
  }
}
