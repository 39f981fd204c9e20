import { socketRooms } from '@wallet/contract/socket-events';
import type { AppContext } from '../../context.ts';
import type { Handlers } from '../../http/handlers.ts';
import { operatorsWithRoles } from '../auth/auth.api.ts';
import { CHAT_AGENT_ROLES, operatorOf } from './chat-admin.handlers.ts';
import type { ChatInboxService } from './chat-inbox.service.ts';
import type { ChatReadModels } from './chat-read-models.ts';
import type { ChatTeamService } from './chat-team.service.ts';

/** The team's tools (docs/decisions/0035-chat-team-and-api-client.md): agents, labels, notes, canned replies, past chats. */
export function chatTeamHandlers(deps: {
  ctx: AppContext;
  team: ChatTeamService;
  inbox: ChatInboxService;
  read: ChatReadModels;
}): Handlers {
  const { ctx, team, inbox, read } = deps;
  return {
    'admin.chat.agents': async () => ({ agents: await operatorsWithRoles(ctx.db, CHAT_AGENT_ROLES) }),
    'admin.chat.labels': async () => ({ labels: await team.labels() }),
    'admin.chat.createLabel': async ({ operator, body, request }) => ({
      label: await team.createLabel(body.name, body.color, operatorOf(operator), request.ip),
    }),
    'admin.chat.deleteLabel': async ({ operator, params, request }) => {
      await team.deleteLabel(params.id, operatorOf(operator), request.ip);
      return { ok: true };
    },
    'admin.chat.setLabels': async ({ operator, params, body, request }) => {
      const labels = await team.setLabels(params.id, body.labelIds, operatorOf(operator), request.ip);
      ctx.realtime.toRoom(socketRooms.operators, 'chat.conversation', await read.summary(await inbox.byId(params.id)));
      return { labels };
    },
    'admin.chat.note': async ({ operator, params, body, request }) => {
      await team.note(params.id, body.text, operatorOf(operator), request.ip);
      return { ok: true };
    },
    'admin.chat.cannedReplies': async ({ body }) => ({ replies: await team.cannedReplies(body.language) }),
    'admin.chat.saveCannedReply': async ({ operator, body, request }) => ({
      reply: await team.saveCannedReply(body, operatorOf(operator), request.ip),
    }),
    'admin.chat.deleteCannedReply': async ({ operator, params, request }) => {
      await team.deleteCannedReply(params.id, operatorOf(operator), request.ip);
      return { ok: true };
    },
    'admin.chat.memberConversations': async ({ params }) => ({
      conversations: await team.memberConversations(params.id),
    }),
  };
}
