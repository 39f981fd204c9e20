import { z } from 'zod';
import { MessageSchema, MoneySchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';

export const SliceSchema = z.object({
  code: z.string(),
  label: z.string(),
  bgColor: z.string(),
  textColor: z.string(),
  htmlDescription: z.string(),
  /** beyond the spec: whether landing here wins a coupon (the prize modal's wording); absent = unknown */
  isPrize: z.boolean().optional(),
  /**
   * beyond the spec: what a win here gives — a coupon to claim for wallet money (`credit`), a coupon to claim for a
   * bonus with a turnover condition (`bonus`), or nothing (`none`); the prize sheet words each its own way
   */
  prizeKind: z.enum(['credit', 'bonus', 'none']).optional(),
});
export const SpinSetupSchema = z.object({
  activeSpinwheel: z.object({ name: z.string(), slices: z.array(SliceSchema) }).nullable(),
  userCoin: z.number(),
});
export const SpinResultSchema = z.object({
  success: z.boolean(),
  result: z.object({ code: z.string(), label: z.string(), remainingCoin: z.number() }).nullable(),
  error: z.string().nullable(),
});
export const CouponSchema = z.object({
  _id: z.string(),
  prize: z.object({ name: z.string(), slice: z.object({ label: z.string(), htmlDescription: z.string() }) }),
  amount: MoneySchema,
  expiresAt: z.string(),
});

/** The published odds (beyond the spec: players trust a wheel whose odds are shown). */
export const SpinOddsSchema = z.object({
  slices: z.array(z.object({ code: z.string(), label: z.string(), percent: z.number() })),
});
export type SpinOdds = z.infer<typeof SpinOddsSchema>;
export type SpinSetup = z.infer<typeof SpinSetupSchema>;
export type SpinResult = z.infer<typeof SpinResultSchema>;
export type Coupon = z.infer<typeof CouponSchema>;

export const spinwheelEndpoints = {
  setup: defineEndpoint({
    method: 'GET',
    path: '/api/spinwheel/setup',
    access: 'member',
    response: SpinSetupSchema,
    summary: 'Wheel and coin count',
  }),
  spin: defineEndpoint({
    method: 'POST',
    path: '/api/spinwheel/spin',
    access: 'member',
    response: SpinResultSchema,
    movesMoney: true,
    summary: 'Spend a coin and spin',
  }),
  coupons: defineEndpoint({
    method: 'GET',
    path: '/api/spinwheel/coupon',
    access: 'member',
    response: z.array(CouponSchema),
    summary: 'Claimable coupons',
  }),
  claim: defineEndpoint({
    method: 'POST',
    path: '/api/spinwheel/coupon/claim',
    access: 'member',
    body: z.object({ coupon: z.string().min(1).max(64) }),
    response: MessageSchema,
    movesMoney: true,
    summary: 'Claim a coupon',
  }),
  active: defineEndpoint({
    method: 'GET',
    path: '/api/spinwheel/active',
    access: 'member',
    response: z.object({ active: z.boolean() }),
    summary: 'Whether the wheel is active',
  }),
  odds: defineEndpoint({
    method: 'GET',
    path: '/api/spinwheel/odds',
    access: 'member',
    response: SpinOddsSchema,
    summary: 'Published chance of each slice of the active wheel, in percent',
  }),
};
