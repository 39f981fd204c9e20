import type { Bonus, BonusCondition } from '@wallet/contract/promotions';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { promotionClaims, promotions } from '../../db/schema/promotions.ts';
import { AppError } from '../../errors.ts';
import type { AuthMember } from '../auth/auth.api.ts';
import type { ContentLanguage } from '../content/content.api.ts';
import { toMajor } from '../ledger/ledger.api.ts';
import { claimPromotion, isOpen, periodOf, type ClaimDeps, type PromotionRow } from './bonus-claim.ts';
import {
  balancesOf,
  cancelCondition,
  evaluateCondition,
  forfeitOf,
  overMaxBets,
  progressOf,
  runningCondition,
  totalBalance,
} from './condition-engine.ts';

/**
 * Brings every game balance of the member back into the wallet (game-transfers' transferAll), before a cancel takes
 * the unplayed bonus from the wallet (docs/decisions/0020-bonus-cancel-and-claim-rules.md).
 */
export type CollectGames = (member: { id: number; currency: string }) => Promise<void>;

const text = (p: PromotionRow, field: 'name' | 'description', lang: ContentLanguage) =>
  p[field][lang] || p[field].th || p[field].en;

/** A promotion code as the player looks it up, with its claim balance rule (docs/decisions/0020). */
const promotionView = (p: PromotionRow, lang: ContentLanguage) => ({
  code: p.code,
  percentFail: p.percentFail,
  description: text(p, 'description', lang),
  maxBalanceAtClaim: p.maxBalanceAtClaim === null ? null : toMajor(p.maxBalanceAtClaim),
});

/** The player's bonus and promotion endpoints (docs/spec.md §3 bonus, promotion; docs/design.md §4). */
export class BonusService {
  constructor(private readonly deps: ClaimDeps & { collectGames: CollectGames }) {}

  /** GET /api/bonus: open bonuses with the member's receipts in the current period and whether one runs. */
  async list(member: AuthMember, lang: ContentLanguage): Promise<Bonus[]> {
    const now = this.deps.clock.now();
    const rows = (
      await this.deps.db.select().from(promotions).where(eq(promotions.kind, 'bonus')).orderBy(asc(promotions.id))
    ).filter((p) => isOpen(p, now));
    if (rows.length === 0) return [];
    const claims = await this.deps.db
      .select()
      .from(promotionClaims)
      .where(
        and(
          eq(promotionClaims.memberId, member.id),
          inArray(
            promotionClaims.promotionId,
            rows.map((p) => p.id),
          ),
        ),
      )
      .orderBy(asc(promotionClaims.id));
    const running = await runningCondition(this.deps.db, member.id);
    return rows.map((p) => {
      const mine = claims.filter((c) => c.promotionId === p.id);
      const received = mine.filter((c) => c.period === periodOf(p.type, now));
      const last = mine.at(-1);
      return {
        code: p.code,
        name: text(p, 'name', lang),
        type: p.type,
        maxReceived: p.maxReceived,
        percentFail: p.percentFail,
        banners: p.banners,
        maxBalanceAtClaim: p.maxBalanceAtClaim === null ? null : toMajor(p.maxBalanceAtClaim),
        userBonus: last
          ? {
              _id: String(last.id),
              isActive: running?.promotionId === p.id,
              received: received.map((c) => ({ updatedAt: c.createdAt.toISOString() })),
            }
          : null,
      };
    });
  }

  /** GET /api/bonus/activate/:code */
  async activateBonus(member: AuthMember, code: string, lang: ContentLanguage) {
    const { promotion, claimId } = await claimPromotion(this.deps, member, code, 'bonus', lang);
    const now = this.deps.clock.now();
    const claims = await this.deps.db
      .select({ createdAt: promotionClaims.createdAt })
      .from(promotionClaims)
      .where(
        and(
          eq(promotionClaims.promotionId, promotion.id),
          eq(promotionClaims.memberId, member.id),
          eq(promotionClaims.period, periodOf(promotion.type, now)),
        ),
      );
    return {
      _id: String(claimId),
      isActive: true,
      received: claims.map((c) => ({ updatedAt: c.createdAt.toISOString() })),
    };
  }

  /** GET /api/promotion/activate/:code */
  async activateCode(member: AuthMember, code: string, lang: ContentLanguage) {
    await claimPromotion(this.deps, member, code, 'code', lang);
    return { message: 'SUCCESS' };
  }

  /** GET /api/bonus/check/active: the running condition after a fresh evaluation (a cheap read). */
  async active(member: AuthMember): Promise<{ status: boolean; type: string | null }> {
    await evaluateCondition(this.deps.db, member.id, this.deps.clock.now());
    const running = await runningCondition(this.deps.db, member.id);
    if (!running) return { status: false, type: null };
    if (running.promotionId === null) return { status: true, type: running.source };
    const [p] = await this.deps.db.select().from(promotions).where(eq(promotions.id, running.promotionId));
    return { status: true, type: p?.type ?? running.source };
  }

  /** GET /api/bonus/condition: the running condition's figures after a fresh evaluation, or null. */
  async condition(member: AuthMember, lang: ContentLanguage): Promise<{ condition: BonusCondition | null }> {
    await evaluateCondition(this.deps.db, member.id, this.deps.clock.now());
    const c = await runningCondition(this.deps.db, member.id);
    if (!c) return { condition: null };
    const { progress, balance } = await progressOf(this.deps.db, c);
    const { total } = await balancesOf(this.deps.db, c.memberId, c.currency);
    const major = (n: bigint) => toMajor(n < 0n ? 0n : n);
    return {
      condition: {
        source: c.source,
        name: c.name ? c.name[lang] || c.name.th : null,
        successRule: c.successRule,
        bonus: major(c.bonus),
        base: major(c.base),
        progress: major(progress),
        target: major(c.target),
        balance: major(balance),
        failBelow: major(c.failBelow),
        percentFail: c.percentFail,
        maxWithdraw: c.maxWithdraw === null ? null : major(c.maxWithdraw),
        maxBet: c.maxBet === null ? null : major(c.maxBet),
        overMaxBets: await overMaxBets(this.deps.db, c),
        forfeitNow: major(forfeitOf(c.bonus, total)),
        startedAt: c.startedAt.toISOString(),
      },
    };
  }

  /** GET /api/bonus/check/minimum: whether the total balance is above the running condition's fail threshold. */
  async minimum(member: AuthMember) {
    const running = await runningCondition(this.deps.db, member.id);
    if (!running) return { status: true, minimum: 0 };
    const balance = await totalBalance(this.deps.db, member.id, running.currency);
    return { status: balance >= running.failBelow, minimum: toMajor(running.failBelow) };
  }

  /**
   * GET /api/bonus/clear: cancel the running condition. Game balances come back to the wallet first, then the unplayed
   * bonus (or the whole balance, when less) is taken back; BONUS_CANCEL_GAME_BALANCE when some of it is still away.
   */
  async clear(member: AuthMember) {
    const running = await runningCondition(this.deps.db, member.id);
    if (!running) throw new AppError('BONUS_CLEAR');
    await this.deps.collectGames(member);
    await cancelCondition(this.deps.ledger, running, { at: this.deps.clock.now(), reason: 'member' });
    return { message: 'SUCCESS' };
  }

  /** GET /api/promotion/current: the promotion code whose condition runs, or null. */
  async current(member: AuthMember, lang: ContentLanguage) {
    const running = await runningCondition(this.deps.db, member.id);
    if (!running || running.source !== 'code' || running.promotionId === null) return null;
    const [p] = await this.deps.db.select().from(promotions).where(eq(promotions.id, running.promotionId));
    return p ? promotionView(p, lang) : null;
  }

  /** GET /api/promotion/find/:code */
  async find(code: string, lang: ContentLanguage) {
    const [p] = await this.deps.db
      .select()
      .from(promotions)
      .where(and(eq(promotions.code, code.toUpperCase()), eq(promotions.kind, 'code')));
    if (!p || !isOpen(p, this.deps.clock.now())) throw new AppError('NO_PROMOTION');
    return promotionView(p, lang);
  }
}
