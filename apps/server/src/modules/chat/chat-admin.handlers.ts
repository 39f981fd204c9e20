import { chatRoom, socketRooms } from '@wallet/contract/socket-events';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { Handlers } from '../../http/handlers.ts';
import { searchMembers } from '../account/account.api.ts';
import { operatorsWithRoles } from '../auth/auth.api.ts';
import type { ChatInboxService } from './chat-inbox.service.ts';
import { partyIds, toAdminMessage } from './chat-presenters.ts';
import type { ChatReadModels } from './chat-read-models.ts';
import type { ChatOperator } from './chat.service.ts';

/** members a search may match by name, phone or id (their conversations join the message-text matches) */
const SEARCH_MEMBERS = 50;
/** who answers chats: whom a conversation can be given to */
export const CHAT_AGENT_ROLES = ['support', 'admin'] as const;

export type ChatAdminDeps = {
  ctx: AppContext;
  inbox: ChatInboxService;
  read: ChatReadModels;
  mediaUrl: (key: string) => string;
  prefix: () => Promise<string>;
};

export const operatorOf = (o: { id: number; username: string }): ChatOperator => ({ id: o.id, username: o.username });

/** The operator inbox: list and search, one conversation, reply, read, assign (to me, nobody or an agent), resolve. */
export function chatAdminHandlers({ ctx, inbox, read, mediaUrl, prefix }: ChatAdminDeps): Handlers {
  const pushRow = async (row: Parameters<ChatReadModels['summary']>[0]) => {
    const summary = await read.summary(row);
    ctx.realtime.toRoom(socketRooms.operators, 'chat.conversation', summary);
    return summary;
  };
  return {
    'admin.chat.conversations': async ({ operator, body }) => {
      const q = body.q?.trim() ?? '';
      const memberIds =
        q === '' ? [] : (await searchMembers(ctx.db, { q, page: 1, pageSize: SEARCH_MEMBERS })).rows.map((m) => m.id);
      const rows = await inbox.list({ ...body, q, memberIds }, operatorOf(operator));
      return { conversations: await read.summaries(rows) };
    },
    'admin.chat.conversation': async ({ params, body }) => {
      const conversation = await inbox.byId(params.id);
      const before = body.before ? Number(body.before) : undefined;
      const messages = await inbox.messagesOf(
        conversation.id,
        Number.isSafeInteger(before) ? before : undefined,
        body.sessionId,
      );
      const [byId, authors] = await Promise.all([read.names([conversation.memberId]), read.authors(messages)]);
      const card = conversation.memberId !== null ? byId.get(conversation.memberId) : undefined;
      return {
        conversation: await read.summary(conversation),
        member: card ? await read.memberBeside(card) : null,
        messages: messages.map((m) => toAdminMessage(m, partyIds(conversation), mediaUrl, authors)),
      };
    },
    'admin.chat.reply': async ({ operator, params, body, request }) => {
      const row = await inbox.reply(params.id, body.message, operatorOf(operator), request.ip);
      const conversation = await inbox.byId(params.id);
      const authors = new Map([[operator.id, operator.username]]);
      return { message: toAdminMessage(row, partyIds(conversation), mediaUrl, authors) };
    },
    'admin.chat.read': async ({ params }) => {
      await pushRow(await inbox.markReadByOperator(params.id));
      return { ok: true };
    },
    'admin.chat.assign': async ({ operator, params, body, request }) => {
      let to: 'me' | 'nobody' | ChatOperator;
      if (typeof body.to === 'number') {
        // only an operator who answers chats (support or admin, enabled): anyone else is as unknown as a made-up id
        const agent = (await operatorsWithRoles(ctx.db, CHAT_AGENT_ROLES)).find((a) => a.id === body.to);
        if (!agent) throw new AppError('KEY_INVALID');
        to = agent;
      } else {
        to = body.to;
      }
      const conversation = await inbox.assign(params.id, to, operatorOf(operator), request.ip);
      return { conversation: await pushRow(conversation) };
    },
    'admin.chat.resolve': async ({ operator, params, request }) => {
      const conversation = await inbox.resolve(params.id, operatorOf(operator), request.ip);
      const row = await pushRow(conversation);
      ctx.realtime.toRoom(chatRoom(await prefix(), partyIds(conversation)), 'chat.ended', {
        session_id: conversation.sessionId,
      });
      return { conversation: row };
    },
  };
}
