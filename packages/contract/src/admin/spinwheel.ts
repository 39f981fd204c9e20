import { z } from 'zod';
import { MoneySchema } from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';
import { pageOf, PagedQuerySchema } from './paging.ts';

const text = (max: number) => z.string().trim().min(1).max(max);
const LocalizedSchema = (max: number) => z.object({ th: text(max), la: text(max), en: text(max) });
const ColorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/);
export const PRIZE_TYPES = ['none', 'credit', 'bonus'] as const;

export const WheelSliceInputSchema = z.object({
  code: z
    .string()
    .regex(/^[A-Z0-9_]{1,32}$/)
    .describe('stable code the wheel lands on'),
  label: LocalizedSchema(24),
  description: LocalizedSchema(200),
  bgColor: ColorSchema,
  textColor: ColorSchema,
  /**
   * relative chance; the odds are weight / Σ weights. A whole number 0–1,000,000 and at least one above 0: the
   * server checks it and refuses anything else with WHEEL_WEIGHT_INVALID (never clamped to 0)
   */
  weight: z.number(),
  prizeType: z.enum(PRIZE_TYPES),
  /** baht (major units); 0 for `none` */
  amount: MoneySchema,
  couponHours: z
    .number()
    .int()
    .min(1)
    .max(24 * 90),
  /** a bonus prize's condition (run by the promotions module) */
  condition: z
    .object({ turnoverMultiple: z.number().min(0).max(100), percentFail: z.number().min(0).max(100) })
    .nullable(),
});
export type WheelSliceInput = z.infer<typeof WheelSliceInputSchema>;

export const WheelInputSchema = z
  .object({
    name: text(80),
    isActive: z.boolean(),
    startsAt: z.iso.datetime({ offset: true }).nullable(),
    endsAt: z.iso.datetime({ offset: true }).nullable(),
    slices: z.array(WheelSliceInputSchema).min(2).max(16),
  })
  .refine((w) => new Set(w.slices.map((s) => s.code)).size === w.slices.length, { message: 'codes must differ' })
  .refine((w) => w.slices.every((s) => (s.prizeType === 'none') === (s.amount === 0)), {
    message: 'a prize has an amount, a "try again" none',
  });
export type WheelInput = z.infer<typeof WheelInputSchema>;

/** The largest weight of one slice. */
const MAX_SLICE_WEIGHT = 1_000_000;

/** Every weight a whole number in 0–MAX_SLICE_WEIGHT and at least one above 0 (else WHEEL_WEIGHT_INVALID). */
export function validWheelWeights(weights: readonly number[]): boolean {
  return (
    weights.length > 0 &&
    weights.every((w) => Number.isInteger(w) && w >= 0 && w <= MAX_SLICE_WEIGHT) &&
    weights.some((w) => w > 0)
  );
}

export const WheelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  isActive: z.boolean(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  slices: z.array(WheelSliceInputSchema.extend({ percent: z.number() })),
  updatedAt: z.string(),
});
export type Wheel = z.infer<typeof WheelSchema>;

export const AdminCouponSchema = z.object({
  id: z.string(),
  memberId: z.number().int(),
  slice: z.string(),
  prizeType: z.enum(PRIZE_TYPES),
  amount: MoneySchema,
  status: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  claimedAt: z.string().nullable(),
});
export type AdminCoupon = z.infer<typeof AdminCouponSchema>;

export const SpinDaySchema = z.object({ day: z.string(), spins: z.number(), claims: z.number(), claimed: MoneySchema });
export type SpinDay = z.infer<typeof SpinDaySchema>;

const IdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const marketing = { operator: ['marketing', 'admin'] } as const;

/** The prize wheel (role `marketing`): wheels and slices, coupons, spins and claims per day. Changes are audited. */
export const adminSpinwheelEndpoints = {
  wheels: defineEndpoint({
    method: 'GET',
    path: '/api/admin/spinwheel/wheels',
    access: marketing,
    response: z.object({ wheels: z.array(WheelSchema) }),
    summary: 'Every wheel with its slices and odds',
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/admin/spinwheel/wheels',
    access: marketing,
    body: WheelInputSchema,
    response: z.object({ wheel: WheelSchema }),
    summary: 'Create a wheel (activating it deactivates the others)',
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/spinwheel/wheels/:id',
    access: marketing,
    params: IdParamsSchema,
    body: WheelInputSchema,
    response: z.object({ wheel: WheelSchema }),
    summary: 'Replace a wheel and its slices (activating it deactivates the others)',
  }),
  coupons: defineEndpoint({
    method: 'GET',
    path: '/api/admin/spinwheel/coupons',
    access: marketing,
    query: PagedQuerySchema,
    response: pageOf(AdminCouponSchema),
    summary: 'Coupons won, newest first (created within from/to)',
  }),
  stats: defineEndpoint({
    method: 'GET',
    path: '/api/admin/spinwheel/stats',
    access: marketing,
    response: z.object({ days: z.array(SpinDaySchema) }),
    summary: 'Spins and claims per Bangkok day, last 14 days',
  }),
};
