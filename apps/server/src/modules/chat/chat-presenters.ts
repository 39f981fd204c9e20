import type { AdminChatMessage, ChatConversationSummary, ChatStatus } from '@wallet/contract/admin/chat';
import type { ChatLabel } from '@wallet/contract/admin/chat-team';
import type { Conversation } from '@wallet/contract/chat';
import type { chatConversations, chatMessages } from '../../db/schema/chat.ts';

/** How chat rows look on the wire: the player's messages, the console's messages (notes flagged), inbox rows. */

export type ConversationRow = typeof chatConversations.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;
export type PartyIds = { userId?: string; guestId?: string };

export const partyIds = (c: { memberId: number | null; guestId: string | null }): PartyIds =>
  c.memberId !== null ? { userId: String(c.memberId) } : { guestId: c.guestId ?? '' };

/** A stored message as the player's API shapes it; media keys become short-lived signed links (`mediaUrl`). */
export function toConversation(row: MessageRow, party: PartyIds, mediaUrl: (key: string) => string): Conversation {
  const message = structuredClone(row.message) as Conversation['message'];
  const payload = message.payload;
  if (message.message_type === 'media' && typeof payload === 'object' && payload !== null && !Array.isArray(payload)) {
    if (!payload.url) payload.filePath = mediaUrl(payload.filePath);
  }
  return {
    _id: String(row.id),
    conversationId: row.conversationId,
    sender: row.sender as Conversation['sender'],
    message,
    createdAt: row.createdAt.toISOString(),
    session_id: row.sessionId,
    ...party,
  };
}

/** A message as the console shows it: private notes included and flagged, with the operator who wrote it. */
export function toAdminMessage(
  row: MessageRow,
  party: PartyIds,
  mediaUrl: (key: string) => string,
  authors: Map<number, string>,
): AdminChatMessage {
  return {
    ...toConversation(row, party, mediaUrl),
    note: row.isNote,
    author: row.operatorId !== null ? (authors.get(row.operatorId) ?? null) : null,
  };
}

export function summaryOf(
  row: ConversationRow,
  names: Map<number, { name: string; username: string }>,
  labels: Map<number, ChatLabel[]> = new Map(),
): ChatConversationSummary {
  const member = row.memberId !== null ? names.get(row.memberId) : undefined;
  return {
    id: row.id,
    party: row.memberId !== null ? 'member' : 'guest',
    memberId: row.memberId,
    guestId: row.guestId,
    name: member?.name ?? `Guest ${(row.guestId ?? '').slice(2, 8)}`,
    username: member?.username ?? null,
    status: row.status as ChatStatus,
    assignee: row.assigneeId !== null ? { id: row.assigneeId, username: row.assigneeName ?? '' } : null,
    unread: row.unreadOperator,
    lastMessage: row.lastMessage,
    lastMessageAt: row.lastMessageAt.toISOString(),
    sessionId: row.sessionId,
    labels: labels.get(row.id) ?? [],
  };
}
