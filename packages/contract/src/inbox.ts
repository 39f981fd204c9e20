import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';

/**
 * What an inbox entry says happened (docs/decisions/0043-in-app-notifications.md). The text is the client's, per
 * language, from the kind and its params: the server stores no prose.
 */
export const INBOX_KINDS = [
  'deposit_credited',
  'slip_verified',
  'withdrawal_paid',
  'withdrawal_rejected',
  'bonus_completed',
  'bonus_ended',
] as const;
export const InboxKindSchema = z.enum(INBOX_KINDS);
export type InboxKind = z.infer<typeof InboxKindSchema>;

export const InboxEntrySchema = z.object({
  id: z.string(),
  kind: InboxKindSchema,
  /** the values the text names (an amount in major units as a decimal string, a currency, a reference) */
  params: z.record(z.string(), z.string()),
  createdAt: z.string(),
  isRead: z.boolean(),
});
export type InboxEntry = z.infer<typeof InboxEntrySchema>;

/** The largest inbox page. */
export const INBOX_PAGE_MAX = 50;

const InboxCountSchema = z.object({ unread: z.number().int() });

export const inboxEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/inbox',
    access: 'member',
    query: z.object({
      page: z.coerce.number().int().min(1).max(100_000).default(1),
      limit: z.coerce.number().int().min(1).max(INBOX_PAGE_MAX).default(20),
    }),
    response: z.object({ total: z.number().int(), unread: z.number().int(), entries: z.array(InboxEntrySchema) }),
    summary: "The member's notifications, newest first, with the unread count",
  }),
  unread: defineEndpoint({
    method: 'GET',
    path: '/api/inbox/unread',
    access: 'member',
    response: InboxCountSchema,
    summary: 'Notifications the member has not read (the top bar badge)',
  }),
  read: defineEndpoint({
    method: 'POST',
    path: '/api/inbox/:id/read',
    access: 'member',
    params: z.object({ id: z.string().regex(/^\d{1,18}$/) }),
    response: InboxCountSchema,
    summary: 'Mark one of the own notifications read',
  }),
  readAll: defineEndpoint({
    method: 'POST',
    path: '/api/inbox/read-all',
    access: 'member',
    response: InboxCountSchema,
    summary: 'Mark every own notification read',
  }),
};
