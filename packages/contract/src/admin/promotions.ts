import { z } from 'zod';
import { MoneySchema } from '../common.ts';
import { OverMaxBetsSchema } from '../promotions.ts';
import { defineEndpoint } from '../endpoint.ts';
import { DateRangeQuerySchema, pageOf, PagedQuerySchema } from './paging.ts';

const text = (max: number) => z.string().trim().min(1).max(max);
const LocalizedSchema = (max: number) => z.object({ th: text(max), la: text(max), en: text(max) });
const PercentSchema = z.number().min(0).max(1000);

export const PROMOTION_KINDS = ['bonus', 'code'] as const;
export const RECEIVE_LIMIT_TYPES = ['limit', 'day', 'week'] as const;
export const SUCCESS_RULES = ['turnover', 'credit'] as const;
export const CONDITION_STATUSES = ['running', 'success', 'fail', 'cancelled'] as const;
/** what started a condition: a bonus, a promotion code, a refund, an invite bonus, a spin-wheel prize */
export const CONDITION_SOURCES = ['bonus', 'code', 'refund', 'invite', 'spin'] as const;
/** the byte cap of a banner image upload */
export const PROMOTION_BANNER_MAX_BYTES = 2 * 1024 * 1024;

export const PromotionBannerSchema = z.object({
  /** a path returned by `admin.promotions.uploadBanner` (or a demo asset under /assets/) */
  image: z
    .string()
    .max(300)
    .regex(/^\/[A-Za-z0-9/_.-]+$/),
  /** the banner's caption, HTML as the spec's banners carry it */
  html: z.string().max(4000),
});

/**
 * A bonus (listed on the player's bonus screen) or a promotion code (claimed by typing its code): both credit
 * `percent` % of the qualifying deposit (at least `minDeposit`) capped at `maxAmount` — or `maxAmount` itself when
 * `percent` is 0 — and start a condition (docs/design.md §4).
 */
export const PromotionInputSchema = z
  .object({
    kind: z.enum(PROMOTION_KINDS),
    code: z
      .string()
      .regex(/^[A-Z0-9_-]{2,32}$/)
      .describe('upper case; what the player types for a promotion code'),
    name: LocalizedSchema(80),
    description: LocalizedSchema(2000),
    /** receive limit: `limit` counts all receipts, `day` today's, `week` this week's (Asia/Bangkok) */
    type: z.enum(RECEIVE_LIMIT_TYPES),
    maxReceived: z.number().int().min(1).max(10_000),
    percent: PercentSchema,
    minDeposit: MoneySchema,
    maxAmount: MoneySchema.refine((n) => n > 0, { message: 'must be positive' }),
    successRule: z.enum(SUCCESS_RULES),
    /** turnover rule: valid bets since the claim reach multiple × base */
    turnoverMultiple: z.number().min(0).max(100),
    /** credit rule: total balance reaches successPercent % × base */
    successPercent: PercentSchema,
    /** fail rule: total balance below percentFail % × base */
    percentFail: z.number().min(0).max(100),
    /**
     * the most a member keeps after success, as a multiple of the base: the rest of the total balance goes back to
     * the house as the condition succeeds (docs/decisions/0020)
     */
    maxWithdrawMultiple: z.number().min(0).max(1000).nullable(),
    /** the largest single bet that counts toward the turnover; larger bets are listed, not counted */
    maxBet: MoneySchema.nullable(),
    /**
     * a claim is refused while the member holds more than this (wallet + games + money in flight, the qualifying
     * deposit not counted); null: no limit. Default 5.
     */
    maxBalanceAtClaim: MoneySchema.nullable().default(5),
    isActive: z.boolean(),
    startsAt: z.iso.datetime({ offset: true }).nullable(),
    endsAt: z.iso.datetime({ offset: true }).nullable(),
    banners: z.array(PromotionBannerSchema).max(5),
  })
  .refine((p) => p.successRule !== 'turnover' || p.turnoverMultiple > 0, {
    message: 'a turnover rule needs a multiple',
  })
  .refine((p) => p.successRule !== 'credit' || p.successPercent > p.percentFail, {
    message: 'the success percentage must be above the fail percentage',
  })
  .refine((p) => !p.startsAt || !p.endsAt || Date.parse(p.startsAt) < Date.parse(p.endsAt), {
    message: 'the schedule ends after it starts',
  });
export type PromotionInput = z.infer<typeof PromotionInputSchema>;

export const AdminPromotionSchema = z.object({
  id: z.number().int(),
  ...PromotionInputSchema.shape,
  /** receipts so far (all members) */
  claims: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminPromotion = z.infer<typeof AdminPromotionSchema>;

export const AdminConditionSchema = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  source: z.enum(CONDITION_SOURCES),
  /** the bonus or promotion code, null for refunds, invites and spin prizes */
  promotionId: z.number().int().nullable(),
  promotionCode: z.string().nullable(),
  status: z.enum(CONDITION_STATUSES),
  successRule: z.enum(SUCCESS_RULES),
  /** credited amount (plus the qualifying deposit of a deposit bonus) */
  base: MoneySchema,
  /** the credited bonus itself (what a cancel forfeits at most) */
  bonus: MoneySchema,
  /** turnover made / balance now, against `target` */
  progress: MoneySchema,
  target: MoneySchema,
  /** total balance below this fails the condition */
  failBelow: MoneySchema,
  maxWithdraw: MoneySchema.nullable(),
  maxBet: MoneySchema.nullable(),
  /** bets above maxBet while it ran, not counted toward the turnover */
  overMaxBets: OverMaxBetsSchema,
  /** money taken back: by a cancel, or above maxWithdraw at success */
  forfeited: MoneySchema,
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  /** `operator:<name>` or a short reason for the end */
  endReason: z.string().nullable(),
});
export type AdminCondition = z.infer<typeof AdminConditionSchema>;

export const PromotionReportRowSchema = z.object({
  /** the Bangkok calendar day, YYYY-MM-DD */
  day: z.string(),
  promotionId: z.number().int().nullable(),
  /** the promotion's code, or the condition source (`spin`, `refund`…) for claims without one */
  code: z.string(),
  claims: z.number().int(),
  /** money credited by the claims */
  cost: MoneySchema,
  /** money taken back: by cancels, and above maxWithdraw at success */
  forfeited: MoneySchema,
  /** valid bets of members while their condition from this promotion ran */
  turnover: MoneySchema,
});
export type PromotionReportRow = z.infer<typeof PromotionReportRowSchema>;

const IdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const MemberParamsSchema = z.object({ memberId: z.coerce.number().int().min(1).max(2_147_483_647) });
const marketing = { operator: ['marketing', 'admin'] } as const;

/** Bonuses and promotion codes, members' conditions, the promotions report (role `marketing`). Changes are audited. */
export const adminPromotionEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/promotions',
    access: marketing,
    response: z.object({ promotions: z.array(AdminPromotionSchema) }),
    summary: 'Every bonus and promotion code',
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/admin/promotions',
    access: marketing,
    body: PromotionInputSchema,
    response: z.object({ promotion: AdminPromotionSchema }),
    summary: 'Create a bonus or a promotion code (the code must be unused)',
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/promotions/:id',
    access: marketing,
    params: IdParamsSchema,
    body: PromotionInputSchema,
    response: z.object({ promotion: AdminPromotionSchema }),
    summary: 'Replace a bonus or promotion code (running conditions keep the terms they started with)',
  }),
  uploadBanner: defineEndpoint({
    method: 'POST',
    path: '/api/admin/promotions/banners',
    access: marketing,
    response: z.object({ path: z.string() }),
    isUpload: true,
    maxUploadBytes: PROMOTION_BANNER_MAX_BYTES,
    summary: 'Upload a banner image (re-encoded); answers the path to put in a banner',
  }),
  conditions: defineEndpoint({
    method: 'GET',
    path: '/api/admin/promotions/conditions',
    access: marketing,
    query: PagedQuerySchema.extend({ status: z.enum(CONDITION_STATUSES).optional() }),
    response: pageOf(AdminConditionSchema),
    summary: 'Conditions of every member, newest first (started within from/to)',
  }),
  memberConditions: defineEndpoint({
    method: 'GET',
    path: '/api/admin/promotions/members/:memberId/conditions',
    access: marketing,
    params: MemberParamsSchema,
    response: z.object({ conditions: z.array(AdminConditionSchema) }),
    summary: "A member's conditions with progress, newest first",
  }),
  cancelCondition: defineEndpoint({
    method: 'POST',
    path: '/api/admin/promotions/conditions/:id/cancel',
    access: marketing,
    params: IdParamsSchema,
    body: z.object({ reason: text(200) }),
    response: z.object({ condition: AdminConditionSchema }),
    summary: "Cancel a member's running condition: the unplayed bonus is forfeited (audited)",
  }),
  report: defineEndpoint({
    method: 'GET',
    path: '/api/admin/promotions/report',
    access: marketing,
    query: DateRangeQuerySchema,
    response: z.object({ rows: z.array(PromotionReportRowSchema) }),
    summary: 'Claims, cost, forfeits and turnover per promotion per Bangkok day (default: the last 14 days)',
  }),
};
