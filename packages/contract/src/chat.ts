import { z } from 'zod';
import { MessageSchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { CHAT_IMAGE_MAX_BYTES, CHAT_TEXT_MAX_CHARS, CHAT_VIDEO_MAX_BYTES } from './limits.ts';

export const ChatButtonSchema = z.object({
  title: z.string(),
  type: z.enum(['web', 'call', 'postback', 'other']),
  payload: z.string(),
});
export const ChatGenericSchema = z.object({
  image_url: z.string(),
  title: z.string(),
  subtitle: z.string(),
  buttons: z.array(ChatButtonSchema),
});
export const ChatMediaSchema = z.object({
  message: z.string().optional(),
  url: z.boolean().optional(),
  fileType: z.enum(['image', 'video', 'file']),
  filePath: z.string(),
});
export const ChatMessageSchema = z.object({
  message_type: z.enum(['text', 'buttons', 'media', 'quick_replies', 'generic', 'postback']),
  payload: z.union([z.string().max(CHAT_TEXT_MAX_CHARS), ChatMediaSchema, z.array(ChatButtonSchema)]).optional(),
  payloads: z.array(z.union([ChatGenericSchema, ChatButtonSchema])).optional(),
});
export const ConversationSchema = z.object({
  sender: z.enum(['customer', 'other']),
  message: ChatMessageSchema,
  createdAt: z.string().optional(),
  session_id: z.string().optional(),
  userId: z.string().optional(),
  guestId: z.string().optional(),
  username: z.string().optional(),
  name: z.string().optional(),
  deviceToken: z.string().optional(),
  /** server-set: the message's id and its conversation's (operators use them; the player ignores them) */
  _id: z.string().optional(),
  conversationId: z.number().int().optional(),
});
export type Conversation = z.infer<typeof ConversationSchema>;
const PartySchema = z.object({ userId: z.string().max(64).optional(), guestId: z.string().max(64).optional() });

export const GuestTokenSchema = z.object({ guestId: z.string(), token: z.string() });

export const chatEndpoints = {
  guest: defineEndpoint({
    method: 'POST',
    path: '/api/chat/guest',
    access: 'public',
    body: z.object({ token: z.string().max(4096).optional() }),
    response: GuestTokenSchema,
    summary: 'A signed chat guest id (a new one, or the renewal of a valid token)',
  }),
  config: defineEndpoint({
    method: 'GET',
    path: '/api/chat/config',
    access: 'public',
    response: z.object({ PREFIX: z.string() }),
    summary: 'Chat room prefix',
  }),
  send: defineEndpoint({
    method: 'POST',
    path: '/api/chat/send-message',
    access: 'public',
    body: ConversationSchema,
    response: z.object({ createdAt: z.string() }),
    summary: 'Send a chat message',
  }),
  history: defineEndpoint({
    method: 'POST',
    path: '/api/chat/history',
    access: 'public',
    body: PartySchema.extend({ limit: z.number().int().min(1).max(50), skip: z.number().int().min(0) }),
    response: z.array(ConversationSchema),
    summary: 'Chat history, newest first',
  }),
  uploadImage: defineEndpoint({
    method: 'POST',
    path: '/api/chat/upload-image',
    access: 'public',
    response: z.object({ path: z.string() }),
    isUpload: true,
    maxUploadBytes: CHAT_IMAGE_MAX_BYTES,
    summary: 'Upload a chat image',
  }),
  uploadVideo: defineEndpoint({
    method: 'POST',
    path: '/api/chat/upload-video',
    access: 'public',
    response: z.object({ path: z.string() }),
    isUpload: true,
    maxUploadBytes: CHAT_VIDEO_MAX_BYTES,
    summary: 'Upload a chat video',
  }),
  unread: defineEndpoint({
    method: 'GET',
    path: '/api/chat/unread',
    access: 'member',
    response: z.object({ count: z.number().int() }),
    summary: 'Support messages the member has not read (the contact tab badge)',
  }),
  readCustomer: defineEndpoint({
    method: 'PUT',
    path: '/api/chat/read-customer/',
    access: 'public',
    body: PartySchema,
    response: MessageSchema,
    summary: 'Mark support messages read',
  }),
};
