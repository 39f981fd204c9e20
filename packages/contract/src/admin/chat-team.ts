import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

/**
 * The chat team's tools (docs/decisions/0035-chat-team-and-api-client.md): agents to reassign to, labels, private
 * notes, canned replies per language and a member's past conversations. Every change writes an audit row.
 */

const Id = z.coerce.number().int().min(1).max(2_147_483_647);
const IdParams = z.object({ id: Id });
const support = { operator: ['support', 'admin'] } as const;

export const CHAT_LABEL_COLORS = ['gray', 'red', 'orange', 'green', 'blue', 'purple'] as const;
export const CHAT_REPLY_LANGUAGES = ['th', 'la', 'en'] as const;
export type ChatReplyLanguage = (typeof CHAT_REPLY_LANGUAGES)[number];

export const ChatLabelSchema = z.object({ id: z.number().int(), name: z.string(), color: z.enum(CHAT_LABEL_COLORS) });
export type ChatLabel = z.infer<typeof ChatLabelSchema>;

export const ChatAgentSchema = z.object({ id: z.number().int(), username: z.string() });
export type ChatAgent = z.infer<typeof ChatAgentSchema>;

export const CannedReplySchema = z.object({
  id: z.number().int(),
  /** typed after "/" in the composer (letters, digits, - and _) */
  shortCode: z.string(),
  language: z.enum(CHAT_REPLY_LANGUAGES),
  text: z.string(),
  updatedAt: z.string(),
});
export type CannedReply = z.infer<typeof CannedReplySchema>;

/** One session of a member's conversation: resolving ends a session, the next message starts another. */
export const ChatPastConversationSchema = z.object({
  conversationId: z.number().int(),
  sessionId: z.string(),
  startedAt: z.string(),
  lastMessageAt: z.string(),
  messages: z.number().int(),
  /** the first customer message (or the first message), shortened */
  preview: z.string(),
  /** the session still running (not resolved yet) */
  current: z.boolean(),
});
export type ChatPastConversation = z.infer<typeof ChatPastConversationSchema>;

const LabelName = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[^<>]+$/);

export const adminChatTeamEndpoints = {
  agents: defineEndpoint({
    method: 'POST',
    path: '/api/admin/chat/agents',
    access: support,
    response: z.object({ agents: z.array(ChatAgentSchema) }),
    summary: 'Operators who answer chats (roles support or admin, enabled): whom a conversation can be given to',
  }),
  labels: defineEndpoint({
    method: 'POST',
    path: '/api/admin/chat/labels',
    access: support,
    response: z.object({ labels: z.array(ChatLabelSchema) }),
    summary: "The team's labels",
  }),
  createLabel: defineEndpoint({
    method: 'POST',
    path: '/api/admin/chat/labels/create',
    access: support,
    body: z.object({ name: LabelName, color: z.enum(CHAT_LABEL_COLORS) }),
    response: z.object({ label: ChatLabelSchema }),
    summary: 'Add a label (KEY_INVALID when the name is taken; audited)',
  }),
  deleteLabel: defineEndpoint({
    method: 'POST',
    path: '/api/admin/chat/labels/:id/delete',
    access: support,
    params: IdParams,
    response: z.object({ ok: z.boolean() }),
    summary: 'Delete a label: it leaves every conversation (audited)',
  }),
  setLabels: defineEndpoint({
    method: 'POST',
    path: '/api/admin/chat/conversations/:id/labels',
    access: support,
    params: IdParams,
    body: z.object({ labelIds: z.array(Id).max(20) }),
    response: z.object({ labels: z.array(ChatLabelSchema) }),
    summary: "Set a conversation's labels (audited with the labels before and after)",
  }),
  note: defineEndpoint({
    method: 'POST',
    path: '/api/admin/chat/conversations/:id/note',
    access: support,
    params: IdParams,
    body: z.object({ text: z.string().trim().min(1).max(2000) }),
    response: z.object({ ok: z.boolean() }),
    summary: 'A private note: operators see it in the conversation, the member never does (audited)',
  }),
  cannedReplies: defineEndpoint({
    method: 'POST',
    path: '/api/admin/chat/canned-replies',
    access: support,
    body: z.object({ language: z.enum(CHAT_REPLY_LANGUAGES).optional() }),
    response: z.object({ replies: z.array(CannedReplySchema) }),
    summary: 'Canned replies, by short code (of one language, or all)',
  }),
  saveCannedReply: defineEndpoint({
    method: 'POST',
    path: '/api/admin/chat/canned-replies/save',
    access: support,
    body: z.object({
      id: Id.optional(),
      shortCode: z
        .string()
        .trim()
        .min(1)
        .max(30)
        .regex(/^[\p{L}\p{N}_-]+$/u),
      language: z.enum(CHAT_REPLY_LANGUAGES),
      text: z.string().trim().min(1).max(2000),
    }),
    response: z.object({ reply: CannedReplySchema }),
    summary: 'Add a canned reply, or change one by id (KEY_INVALID when the code is taken in that language; audited)',
  }),
  deleteCannedReply: defineEndpoint({
    method: 'POST',
    path: '/api/admin/chat/canned-replies/:id/delete',
    access: support,
    params: IdParams,
    response: z.object({ ok: z.boolean() }),
    summary: 'Delete a canned reply (audited)',
  }),
  memberConversations: defineEndpoint({
    method: 'POST',
    path: '/api/admin/chat/members/:id/conversations',
    access: support,
    params: IdParams,
    response: z.object({ conversations: z.array(ChatPastConversationSchema) }),
    summary: "A member's conversations (one per session), newest first: the member page and the chat panel list them",
  }),
};
