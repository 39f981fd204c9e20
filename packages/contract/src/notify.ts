import { z } from 'zod';
import { MessageSchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';

/**
 * LINE notifications (docs/decisions/0041-line-notifications.md): a member links a LINE account with a one-time code
 * sent to the official account, then chooses which events are pushed, in which language.
 */
export const LINE_NOTIFICATION_KINDS = [
  'depositCredited',
  'withdrawalPaid',
  'withdrawalRejected',
  'bonusEnded',
  'slipRefused',
  'couponWon',
] as const;
export type LineNotificationKind = (typeof LINE_NOTIFICATION_KINDS)[number];

export const NotifyLanguageSchema = z.enum(['th', 'la', 'en']);

const PreferencesSchema = z.object({
  depositCredited: z.boolean(),
  withdrawalPaid: z.boolean(),
  withdrawalRejected: z.boolean(),
  bonusEnded: z.boolean(),
  slipRefused: z.boolean(),
  couponWon: z.boolean(),
}) satisfies z.ZodType<Record<LineNotificationKind, boolean>>;

export const LineStatusSchema = z.object({
  /** false when the operator has no LINE channel configured: the section is not offered */
  isAvailable: z.boolean(),
  isLinked: z.boolean(),
  /** the linked LINE user still follows the official account (an unfollow stops the pushes) */
  isFollowing: z.boolean(),
  /** the official account's add-friend link */
  addFriendUrl: z.string(),
  language: NotifyLanguageSchema,
  preferences: PreferencesSchema,
});
export type LineStatus = z.infer<typeof LineStatusSchema>;

export const LineLinkCodeRequestSchema = z.object({ language: NotifyLanguageSchema });
export const LineLinkCodeSchema = z.object({
  /** send this text to the official account in LINE; single use */
  code: z.string(),
  expiresAt: z.string(),
  addFriendUrl: z.string(),
});
export const LinePreferencesRequestSchema = z.object({
  preferences: PreferencesSchema.partial(),
  language: NotifyLanguageSchema.optional(),
});

export const notifyEndpoints = {
  line: defineEndpoint({
    method: 'GET',
    path: '/api/notify/line',
    access: 'member',
    response: LineStatusSchema,
    summary: "The member's LINE link and notification preferences",
  }),
  lineLinkCode: defineEndpoint({
    method: 'POST',
    path: '/api/notify/line/code',
    access: 'member',
    body: LineLinkCodeRequestSchema,
    response: LineLinkCodeSchema,
    summary: 'A one-time code to send to the LINE official account (links that LINE account)',
  }),
  lineUnlink: defineEndpoint({
    method: 'DELETE',
    path: '/api/notify/line',
    access: 'member',
    response: MessageSchema,
    summary: 'Unlink LINE (no more pushes)',
  }),
  linePreferences: defineEndpoint({
    method: 'PUT',
    path: '/api/notify/line/preferences',
    access: 'member',
    body: LinePreferencesRequestSchema,
    response: LineStatusSchema,
    summary: 'Turn LINE notifications on or off per event; their language',
  }),
} as const;
