import { z } from 'zod';
import { MoneySchema } from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';
import { pageOf, PagedQuerySchema } from './paging.ts';

/**
 * Referral commissions, loss refunds and the banners of the invite and refund modals (role `marketing`, docs/design.md
 * §9.6). The rates are the typed settings `referralRates` and `refundRates` (admin.settings.*). Changes are audited.
 */

export const BANNER_PLACES = ['invite', 'refund'] as const;
export type BannerPlace = (typeof BANNER_PLACES)[number];
/** the largest banner image an operator uploads (bytes) */
export const BANNER_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

const html = z.string().trim().max(4000);
/** Banner text per language; Lao and English fall back to Thai when empty. */
const BannerHtmlSchema = z.object({ th: html.min(1), la: html, en: html });
/** an image stored by admin.banners.upload (`/api/banners/image/{uuid}.{ext}`) */
const BannerImageSchema = z.string().regex(/^\/api\/banners\/image\/[a-z0-9-]{36}\.(png|jpg|gif)$/);

export const BannerInputSchema = z.object({
  place: z.enum(BANNER_PLACES),
  image: BannerImageSchema,
  html: BannerHtmlSchema,
  /** smaller first */
  sortOrder: z.number().int().min(0).max(1000),
  isActive: z.boolean(),
});
export type BannerInput = z.infer<typeof BannerInputSchema>;

export const AdminBannerSchema = BannerInputSchema.extend({
  id: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminBanner = z.infer<typeof AdminBannerSchema>;

/** One invitee of a member with what the invitee brought in. */
export const InviteeSchema = z.object({
  memberId: z.number().int(),
  name: z.string(),
  joinedAt: z.string(),
  deposits: z.number().int(),
  /** commission the inviter earned from this invitee */
  commission: MoneySchema,
  /** flagged as a self-referral: earns nothing */
  selfReferral: z.boolean(),
});
export const InviteTreeSchema = z.object({
  memberId: z.number().int(),
  inviter: z.object({ memberId: z.number().int(), name: z.string() }).nullable(),
  invitees: z.array(InviteeSchema),
  /** commission earned in total and what still waits in `member:{id}:invite` */
  earned: MoneySchema,
  claimable: MoneySchema,
});
export type InviteTree = z.infer<typeof InviteTreeSchema>;

export const CommissionRowSchema = z.object({
  id: z.string(),
  inviterId: z.number().int(),
  inviteeId: z.number().int(),
  inviteeName: z.string(),
  depositId: z.string(),
  deposit: MoneySchema,
  percent: z.number(),
  commission: MoneySchema,
  currency: z.string(),
  createdAt: z.string(),
});
export type CommissionRow = z.infer<typeof CommissionRowSchema>;

/**
 * What an inviter and invitee share: a bank account, a phone, a device (IP + browser of a session) or an address (IP
 * of sessions within the `selfReferralSignals` window, whatever the browser).
 */
export const SELF_REFERRAL_SIGNALS = ['bank_account', 'phone', 'device', 'shared_ip'] as const;
/** held: the commissions wait for an operator; approved: paid (a new signal holds it again); rejected: never paid */
export const REFERRAL_REVIEW_STATES = ['held', 'approved', 'rejected'] as const;
export const SelfReferralFlagSchema = z.object({
  id: z.number().int(),
  inviterId: z.number().int(),
  inviterName: z.string(),
  inviteeId: z.number().int(),
  inviteeName: z.string(),
  /** what the two accounts share */
  signals: z.array(z.enum(SELF_REFERRAL_SIGNALS)),
  /** the addresses both signed in from within the window (the `shared_ip` signal) */
  sharedAddresses: z.array(z.string()),
  review: z.enum(REFERRAL_REVIEW_STATES),
  /** commission waiting for the review (held) and refused (rejected) */
  withheld: MoneySchema,
  /** commission paid on this invitee's deposits (after an approval) */
  paid: MoneySchema,
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  reviewReason: z.string().nullable(),
  createdAt: z.string(),
});
export type SelfReferralFlag = z.infer<typeof SelfReferralFlagSchema>;

export const ReferralReviewSchema = z.object({
  decision: z.enum(['approve', 'reject']),
  /** recorded in the audit log */
  reason: z.string().trim().min(3).max(500),
});

/** One daily refund run: yesterday's losses of every member turned into claimable refunds. */
export const RefundRunSchema = z.object({
  id: z.number().int(),
  /** the Bangkok day whose losses were refunded (YYYY-MM-DD) */
  day: z.string(),
  lossPercent: z.number(),
  minRefund: MoneySchema,
  members: z.number().int(),
  total: MoneySchema,
  /** refunds of this day the members received so far */
  received: z.number().int(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type RefundRun = z.infer<typeof RefundRunSchema>;

export const REFUND_STATES = ['claimable', 'received', 'credited'] as const;
export const AdminRefundSchema = z.object({
  id: z.string(),
  memberId: z.number().int(),
  day: z.string(),
  loss: MoneySchema,
  amount: MoneySchema,
  currency: z.string(),
  status: z.enum(REFUND_STATES),
  createdAt: z.string(),
  receivedAt: z.string().nullable(),
});
export type AdminRefund = z.infer<typeof AdminRefundSchema>;

const IdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const marketing = { operator: ['marketing', 'admin'] } as const;
const MemberFilterSchema = z.object({ memberId: z.coerce.number().int().min(1).max(2_147_483_647).optional() });

export const adminBannerEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/banners',
    access: marketing,
    query: z.object({ place: z.enum(BANNER_PLACES).optional() }),
    response: z.object({ banners: z.array(AdminBannerSchema) }),
    summary: 'Banners of the invite and refund modals',
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/admin/banners',
    access: marketing,
    body: BannerInputSchema,
    response: z.object({ banner: AdminBannerSchema }),
    summary: 'Add a banner (image from admin.banners.upload)',
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/banners/:id',
    access: marketing,
    params: IdParamsSchema,
    body: BannerInputSchema,
    response: z.object({ banner: AdminBannerSchema }),
    summary: 'Replace a banner',
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/api/admin/banners/:id',
    access: marketing,
    params: IdParamsSchema,
    response: z.object({ ok: z.literal(true) }),
    summary: 'Delete a banner',
  }),
  upload: defineEndpoint({
    method: 'POST',
    path: '/api/admin/banners/image',
    access: marketing,
    response: z.object({ image: BannerImageSchema }),
    isUpload: true,
    maxUploadBytes: BANNER_IMAGE_MAX_BYTES,
    summary: 'Upload a banner image (png, jpeg, gif; re-encoded)',
  }),
};

export const adminReferralEndpoints = {
  tree: defineEndpoint({
    method: 'GET',
    path: '/api/admin/referral/members/:id',
    access: marketing,
    params: IdParamsSchema,
    response: InviteTreeSchema,
    summary: "A member's inviter, invitees and commissions",
  }),
  commissions: defineEndpoint({
    method: 'GET',
    path: '/api/admin/referral/commissions',
    access: marketing,
    query: PagedQuerySchema.extend(MemberFilterSchema.shape),
    response: pageOf(CommissionRowSchema),
    summary: 'Commissions credited, newest first (memberId: as the inviter)',
  }),
  flags: defineEndpoint({
    method: 'GET',
    path: '/api/admin/referral/flags',
    access: marketing,
    query: PagedQuerySchema,
    response: pageOf(SelfReferralFlagSchema),
    summary: 'Invites flagged as possible self-referrals, with their signals and review state',
  }),
  review: defineEndpoint({
    method: 'POST',
    path: '/api/admin/referral/flags/:id/review',
    access: marketing,
    params: IdParamsSchema,
    body: ReferralReviewSchema,
    response: z.object({ flag: SelfReferralFlagSchema }),
    movesMoney: true,
    summary: "Approve (pay the held commissions) or reject a flagged invite; id is the invitee's member id",
  }),
};

export const adminRefundEndpoints = {
  runs: defineEndpoint({
    method: 'GET',
    path: '/api/admin/refunds/runs',
    access: marketing,
    query: PagedQuerySchema,
    response: pageOf(RefundRunSchema),
    summary: 'Daily refund runs, newest first',
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/refunds',
    access: marketing,
    query: PagedQuerySchema.extend(MemberFilterSchema.shape),
    response: pageOf(AdminRefundSchema),
    summary: 'Refunds computed, newest first',
  }),
};
