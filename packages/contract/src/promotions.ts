import { z } from 'zod';
import { CodeParamsSchema, MessageSchema, MoneySchema, PageRequestSchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';

export const BannerSchema = z.object({ image: z.string(), html: z.string() });
export type Banner = z.infer<typeof BannerSchema>;

export const InviteRecordSchema = z.object({
  from: z.object({ name: z.string() }),
  amount: MoneySchema,
  createdAt: z.string(),
});
export const InviteListSchema = z.object({ invites: z.array(InviteRecordSchema), total: z.number() });

export const RefundCheckSchema = z.object({
  result: z.boolean(),
  bonus: z.boolean(),
  info: z.string(),
  refundAmount: MoneySchema,
  refundSuccess: z.number(),
  refundFail: z.number(),
});
export const RefundRecordSchema = z.object({ refundAmount: MoneySchema, createdAt: z.string() });
export const RefundListSchema = z.object({ refunds: z.array(RefundRecordSchema), total: z.number() });

export const UserBonusSchema = z.object({
  _id: z.string(),
  isActive: z.boolean(),
  received: z.array(z.object({ updatedAt: z.string() })),
});
export const BonusSchema = z.object({
  code: z.string(),
  name: z.string(),
  type: z.enum(['limit', 'day', 'week']),
  maxReceived: z.number(),
  percentFail: z.number(),
  banners: z.array(BannerSchema),
  userBonus: UserBonusSchema.nullable(),
  /**
   * beyond the spec: a claim is refused (BONUS_CONDITION, reason BALANCE_ABOVE_MAX) while the member holds more than
   * this in the wallet, games and transfers on their way, the qualifying deposit not counted; null: no such rule
   */
  maxBalanceAtClaim: MoneySchema.nullable().optional(),
});
export type Bonus = z.infer<typeof BonusSchema>;
/**
 * Bets above a condition's maxBet, which do not count toward its turnover (docs/decisions/0020): how many, their
 * stakes together, and the latest few.
 */
export const OverMaxBetsSchema = z.object({
  count: z.number().int(),
  stake: MoneySchema,
  latest: z.array(z.object({ game: z.string(), betId: z.string(), stake: MoneySchema, placedAt: z.string() })),
});
export type OverMaxBets = z.infer<typeof OverMaxBetsSchema>;
export const ActiveBonusSchema = z.object({ status: z.boolean(), type: z.string().nullable() });
/**
 * The running condition in plain figures (beyond the spec: the player sees the rule, a progress bar and what ends
 * it). `turnover`: progress = valid bets since the claim, target = multiple × base; `credit`: progress = the total
 * balance (wallet + games), target = successPercent % × base. A total balance below `failBelow` fails it.
 */
export const BonusConditionSchema = z.object({
  source: z.enum(['bonus', 'code', 'refund', 'invite', 'spin']),
  /** the bonus's or promotion code's name, null for refunds, invites and spin prizes */
  name: z.string().nullable(),
  successRule: z.enum(['turnover', 'credit']),
  bonus: MoneySchema,
  base: MoneySchema,
  progress: MoneySchema,
  target: MoneySchema,
  /** wallet plus the last known game balances */
  balance: MoneySchema,
  failBelow: MoneySchema,
  percentFail: z.number(),
  /**
   * the most the member keeps after success, when the promotion caps it: what the total balance holds above it goes
   * back to the house as the condition ends (a finish_bonus statement row); the condition waits for game balances to
   * be back in the wallet before it ends that way
   */
  maxWithdraw: MoneySchema.nullable(),
  /** the largest bet that counts toward the turnover, when the promotion sets one */
  maxBet: MoneySchema.nullable(),
  /** bets above maxBet since the start, not counted */
  overMaxBets: OverMaxBetsSchema,
  /** what a cancel takes back now: the bonus, or the whole balance (wallet, games, in flight) when that is less */
  forfeitNow: MoneySchema,
  startedAt: z.string(),
});
export type BonusCondition = z.infer<typeof BonusConditionSchema>;
export const PromotionSchema = z.object({
  code: z.string(),
  percentFail: z.number(),
  description: z.string(),
  /** beyond the spec, as on a bonus: the most the member may hold when claiming it (null: no such rule) */
  maxBalanceAtClaim: MoneySchema.nullable().optional(),
});

export const promotionEndpoints = {
  invites: defineEndpoint({
    method: 'POST',
    path: '/api/invite',
    access: 'member',
    body: PageRequestSchema,
    response: InviteListSchema,
    summary: 'Invite commissions earned',
  }),
  inviteBonus: defineEndpoint({
    method: 'GET',
    path: '/api/invite/bonus',
    access: 'member',
    response: MessageSchema,
    movesMoney: true,
    summary: 'Receive the invite balance into the wallet',
  }),
  inviteBanners: defineEndpoint({
    method: 'GET',
    path: '/api/invite/banners',
    access: 'member',
    response: z.array(BannerSchema),
    summary: 'Invite banners',
  }),
  refunds: defineEndpoint({
    method: 'POST',
    path: '/api/refund',
    access: 'member',
    body: PageRequestSchema,
    response: RefundListSchema,
    summary: 'Refunds received',
  }),
  refundCheck: defineEndpoint({
    method: 'GET',
    path: '/api/refund/check',
    access: 'member',
    response: RefundCheckSchema,
    summary: 'Refund available now',
  }),
  refundReceive: defineEndpoint({
    method: 'GET',
    path: '/api/refund/receive',
    access: 'member',
    response: MessageSchema,
    movesMoney: true,
    summary: 'Receive the refund (starts a condition)',
  }),
  refundAddWallet: defineEndpoint({
    method: 'GET',
    path: '/api/refund/addWallet',
    access: 'member',
    response: MessageSchema,
    movesMoney: true,
    summary: 'Move the refund to the wallet',
  }),
  refundBanners: defineEndpoint({
    method: 'GET',
    path: '/api/refund/banners',
    access: 'member',
    response: z.array(BannerSchema),
    summary: 'Refund banners',
  }),
  bonuses: defineEndpoint({
    method: 'GET',
    path: '/api/bonus',
    access: 'member',
    response: z.array(BonusSchema),
    summary: 'Bonuses with the member state',
  }),
  bonusActivate: defineEndpoint({
    method: 'GET',
    path: '/api/bonus/activate/:code',
    access: 'member',
    params: CodeParamsSchema,
    response: UserBonusSchema,
    movesMoney: true,
    summary: 'Claim a bonus',
  }),
  bonusActive: defineEndpoint({
    method: 'GET',
    path: '/api/bonus/check/active',
    access: 'member',
    response: ActiveBonusSchema,
    summary: 'The running condition, if any',
  }),
  bonusCondition: defineEndpoint({
    method: 'GET',
    path: '/api/bonus/condition',
    access: 'member',
    response: z.object({ condition: BonusConditionSchema.nullable() }),
    summary: 'The running condition with its progress (evaluated first), or null',
  }),
  bonusMinimum: defineEndpoint({
    method: 'GET',
    path: '/api/bonus/check/minimum',
    access: 'member',
    response: z.object({ status: z.boolean(), minimum: MoneySchema }),
    summary: 'Minimum balance check',
  }),
  bonusClear: defineEndpoint({
    method: 'GET',
    path: '/api/bonus/clear',
    access: 'member',
    response: MessageSchema,
    movesMoney: true,
    summary: 'Cancel the running bonus',
  }),
  promotionCurrent: defineEndpoint({
    method: 'GET',
    path: '/api/promotion/current',
    access: 'member',
    response: PromotionSchema.nullable(),
    summary: 'The running promotion',
  }),
  promotionFind: defineEndpoint({
    method: 'GET',
    path: '/api/promotion/find/:code',
    access: 'member',
    params: CodeParamsSchema,
    response: PromotionSchema,
    summary: 'Look up a promotion code',
  }),
  promotionActivate: defineEndpoint({
    method: 'GET',
    path: '/api/promotion/activate/:code',
    access: 'member',
    params: CodeParamsSchema,
    response: MessageSchema,
    movesMoney: true,
    summary: 'Claim a promotion code',
  }),
};
