import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * One support conversation per party (a member, or a guest until it signs in). `sessionId` changes when an
 * operator resolves it: the player shows "End Conversation" between messages of different sessions.
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id'),
    guestId: text('guest_id'),
    /** the client address a guest opened it from (the cap on open guest conversations per address) */
    guestAddress: text('guest_address'),
    /** open (customer waiting), pending (answered), resolved (session ended) */
    status: text('status').notNull().default('open'),
    assigneeId: integer('assignee_id'),
    assigneeName: text('assignee_name'),
    sessionId: text('session_id').notNull(),
    /** support messages the customer has not read / customer messages no operator has read */
    unreadCustomer: integer('unread_customer').notNull().default(0),
    unreadOperator: integer('unread_operator').notNull().default(0),
    lastMessage: text('last_message').notNull().default(''),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('chat_conversations_member_uq').on(t.memberId),
    uniqueIndex('chat_conversations_guest_uq').on(t.guestId),
    index('chat_conversations_recent_idx').on(t.status, t.lastMessageAt),
    index('chat_conversations_guest_address_idx').on(t.guestAddress, t.status),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => chatConversations.id),
    /** customer or other (support) */
    sender: text('sender').notNull(),
    operatorId: integer('operator_id'),
    sessionId: text('session_id').notNull(),
    /** the contract's ChatMessage ({message_type, payload | payloads}); media payloads hold storage keys */
    message: jsonb('message').notNull(),
    /** a private note: operators only, never on the member's socket or in its history (ADR 0035) */
    isNote: boolean('is_note').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('chat_messages_conversation_idx').on(t.conversationId, t.id)],
);

/** Uploaded chat media and who uploaded it: a message may only carry media its sender uploaded. */
export const chatMedia = pgTable('chat_media', {
  key: text('key').primaryKey(),
  /** `member:12`, `guest:g_…` or `operator:3` */
  owner: text('owner').notNull(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** The team's labels (ADR 0035): managed in the console, put on conversations, the inbox filters by them. */
export const chatLabels = pgTable(
  'chat_labels',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** one of the console's label colours */
    color: text('color').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('chat_labels_name_uq').on(sql`lower(${t.name})`)],
);

export const chatConversationLabels = pgTable(
  'chat_conversation_labels',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    labelId: integer('label_id')
      .notNull()
      .references(() => chatLabels.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.labelId] }),
    index('chat_conversation_labels_label_idx').on(t.labelId),
  ],
);

/** Canned replies per language (th, la, en): the composer inserts them with "/" and their short code (ADR 0035). */
export const chatCannedReplies = pgTable(
  'chat_canned_replies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    shortCode: text('short_code').notNull(),
    language: text('language').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('chat_canned_replies_code_uq').on(t.shortCode, t.language),
    check('chat_canned_replies_language_ck', sql`${t.language} in ('th', 'la', 'en')`),
  ],
);
