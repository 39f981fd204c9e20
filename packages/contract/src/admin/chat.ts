import { z } from 'zod';
import { ChatMessageSchema, ConversationSchema } from '../chat.ts';
import { defineEndpoint } from '../endpoint.ts';
import { adminChatTeamEndpoints, ChatLabelSchema } from './chat-team.ts';
import { ADMIN_DEPOSIT_STATUSES, DEPOSIT_CHANNELS } from './deposits.ts';
import { CHAT_IMAGE_MAX_BYTES, CHAT_VIDEO_MAX_BYTES } from '../limits.ts';

export const ChatStatusSchema = z.enum(['open', 'pending', 'resolved']);
export type ChatStatus = z.infer<typeof ChatStatusSchema>;

/** One row of the operator inbox (Chatwoot's conversation card). */
export const ChatConversationSummarySchema = z.object({
  id: z.number().int(),
  /** `member` (signed-in player) or `guest` (visitor) */
  party: z.enum(['member', 'guest']),
  memberId: z.number().int().nullable(),
  guestId: z.string().nullable(),
  /** the member's name and phone, or `Guest …` */
  name: z.string(),
  username: z.string().nullable(),
  status: ChatStatusSchema,
  assignee: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  unread: z.number().int(),
  lastMessage: z.string(),
  lastMessageAt: z.string(),
  sessionId: z.string(),
  labels: z.array(ChatLabelSchema),
});
export type ChatConversationSummary = z.infer<typeof ChatConversationSummarySchema>;

/** What the console shows beside a member's conversation. */
export const ChatMemberInfoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  username: z.string(),
  currency: z.string(),
  createdAt: z.string(),
  /** wallet balance in minor units (a string: JSON has no bigint) */
  balance: z.string().nullable(),
  /** the latest withdrawals, newest first (amount in major units, as the withdrawals page shows it) */
  withdrawals: z.array(
    z.object({ id: z.string(), amount: z.number(), currency: z.string(), status: z.string(), createdAt: z.string() }),
  ),
  /** the latest deposits, newest first (amount in major units) */
  deposits: z.array(
    z.object({
      id: z.string(),
      channel: z.enum(DEPOSIT_CHANNELS),
      amount: z.number(),
      currency: z.string(),
      status: z.enum(ADMIN_DEPOSIT_STATUSES),
      createdAt: z.string(),
    }),
  ),
  /** a promotion condition runs (withdrawals refused with BONUS_REMAINING until it ends) */
  conditionRunning: z.boolean(),
});

/** A message as the console sees it: private notes included (flagged), with the operator who wrote it. */
export const AdminChatMessageSchema = ConversationSchema.extend({
  note: z.boolean(),
  author: z.string().nullable(),
});
export type AdminChatMessage = z.infer<typeof AdminChatMessageSchema>;

const IdParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const support = { operator: ['support', 'admin'] } as const;

/** The operator chat inbox (roles support and admin). Every change writes an audit row. */
export const adminChatEndpoints = {
  conversations: defineEndpoint({
    method: 'POST',
    path: '/api/admin/chat/conversations',
    access: support,
    body: z.object({
      status: z.enum(['active', 'resolved']).default('active'),
      filter: z.enum(['mine', 'unassigned', 'all']).default('all'),
      /** message text, member name, phone or member id (server-side search) */
      q: z.string().trim().max(100).optional(),
      labelId: z.number().int().min(1).max(2_147_483_647).optional(),
    }),
    response: z.object({ conversations: z.array(ChatConversationSummarySchema) }),
    summary: 'Inbox: conversations by status, most recent first',
  }),
  conversation: defineEndpoint({
    method: 'POST',
    path: '/api/admin/chat/conversations/:id',
    access: support,
    params: IdParams,
    body: z.object({
      before: z.string().max(20).optional(),
      /** one past session's messages only (the member's earlier conversations) */
      sessionId: z.string().max(64).optional(),
    }),
    response: z.object({
      conversation: ChatConversationSummarySchema,
      member: ChatMemberInfoSchema.nullable(),
      /** oldest first, up to 50 before `before`, private notes included */
      messages: z.array(AdminChatMessageSchema),
    }),
    summary: 'One conversation with its messages and the member beside it',
  }),
  reply: defineEndpoint({
    method: 'POST',
    path: '/api/admin/chat/conversations/:id/reply',
    access: support,
    params: IdParams,
    body: z.object({ message: ChatMessageSchema }),
    response: z.object({ message: AdminChatMessageSchema }),
    summary: 'Reply (text, media, buttons, quick replies, generic cards)',
  }),
  read: defineEndpoint({
    method: 'POST',
    path: '/api/admin/chat/conversations/:id/read',
    access: support,
    params: IdParams,
    response: z.object({ ok: z.boolean() }),
    summary: 'Mark the customer messages read',
  }),
  assign: defineEndpoint({
    method: 'POST',
    path: '/api/admin/chat/conversations/:id/assign',
    access: support,
    params: IdParams,
    /** me, nobody, or an agent's operator id (see `agents`) */
    body: z.object({ to: z.union([z.enum(['me', 'nobody']), z.number().int().min(1).max(2_147_483_647)]) }),
    response: z.object({ conversation: ChatConversationSummarySchema }),
    summary: 'Assign the conversation to me, to another agent, or unassign it (audited)',
  }),
  resolve: defineEndpoint({
    method: 'POST',
    path: '/api/admin/chat/conversations/:id/resolve',
    access: support,
    params: IdParams,
    response: z.object({ conversation: ChatConversationSummarySchema }),
    summary: 'Resolve: ends the session, the player sees End Conversation (audited)',
  }),
  uploadImage: defineEndpoint({
    method: 'POST',
    path: '/api/admin/chat/upload-image',
    access: support,
    response: z.object({ path: z.string() }),
    isUpload: true,
    maxUploadBytes: CHAT_IMAGE_MAX_BYTES,
    summary: 'Upload an image to send',
  }),
  uploadVideo: defineEndpoint({
    method: 'POST',
    path: '/api/admin/chat/upload-video',
    access: support,
    response: z.object({ path: z.string() }),
    isUpload: true,
    maxUploadBytes: CHAT_VIDEO_MAX_BYTES,
    summary: 'Upload a video to send',
  }),
  ...adminChatTeamEndpoints,
};
