import { chatRoom, CHAT_GUEST_HEADER, socketRooms } from '@wallet/contract/socket-events';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import { subscribe } from '../../events/subscriber.ts';
import type { ModuleFactory } from '../../http/handlers.ts';
import { createRateLimitStore, RateLimiter } from '../../lib/rate-limiter.ts';
import { acceptUpload } from '../../lib/uploads/accept-upload.ts';
import type { ReceivedFile } from '../../lib/uploads/received-file.ts';
import { storeAcceptedUpload } from '../../lib/uploads/store-upload.ts';
import { UploadError } from '../../lib/uploads/upload-error.ts';
import { CHAT_IMAGE_UPLOAD, CHAT_VIDEO_UPLOAD, type UploadPolicy } from '../../lib/uploads/upload-policy.ts';
import { sendStoredObject } from '../../providers/storage/send-stored-object.ts';
import type { AuthMember } from '../auth/auth.api.ts';
import { chatAdminHandlers } from './chat-admin.handlers.ts';
import { ChatInboxService } from './chat-inbox.service.ts';
import { chatMediaLinks, MEDIA_PATH } from './chat-media-links.ts';
import { partyIds, toAdminMessage, toConversation } from './chat-presenters.ts';
import { chatReadModels } from './chat-read-models.ts';
import { chatTeamHandlers } from './chat-team.handlers.ts';
import { ChatTeamService } from './chat-team.service.ts';
import { ChatService, partyKey, type ChatParty } from './chat.service.ts';
import { isCompleteMp4 } from './video-check.ts';

/** per sender: a burst of 20 messages, 60 a minute */
const SEND_RULES = [
  { limit: 20, windowMs: 10_000 },
  { limit: 60, windowMs: 60_000 },
];
const UPLOAD_RULE = { limit: 20, windowMs: 60_000 };
const MINUTE_MS = 60_000;

/**
 * The chat module: the player's (and guest's) conversation, media, and the operator inbox with the team's tools
 * (docs/decisions/0035-chat-team-and-api-client.md). Operator handlers live in chat-admin / chat-team handlers.
 */
export const chatModule: ModuleFactory = (ctx) => {
  const service = new ChatService(ctx.db, ctx.clock);
  const inbox = new ChatInboxService(ctx.db, ctx.clock, service);
  const team = new ChatTeamService(ctx.db, ctx.clock);
  const read = chatReadModels(ctx, team);
  const store = createRateLimitStore(ctx.config, (err) => ctx.log.error({ err }, 'chat rate-limit store failed'));
  const limiter = new RateLimiter(store, ctx.clock);
  const links = chatMediaLinks(`${ctx.config.secrets.jwt}:chat-media`, ctx.clock);
  const mediaUrl = (key: string) => links.url(key);
  const prefix = () => ctx.settings.get('chatPrefix');

  /**
   * Who is calling: the member of the bearer token, else the guest of the signed guest token. A `userId` /
   * `guestId` in the body must be the caller's own (403 otherwise): identity never comes from the client's word.
   */
  async function partyOf(
    member: AuthMember | null,
    request: FastifyRequest,
    claimed: { userId?: string; guestId?: string } = {},
  ): Promise<ChatParty> {
    const header = request.headers[CHAT_GUEST_HEADER];
    const guestToken = typeof header === 'string' && header.length > 0 ? header : null;
    if (member) {
      if (claimed.userId !== undefined && claimed.userId !== String(member.id)) throw new AppError('FORBIDDEN');
      const party: ChatParty = { kind: 'member', memberId: member.id, name: member.name, username: member.username };
      if (guestToken) {
        // a guest who signed in keeps its conversation: it becomes the member's
        const guestId = await ctx.guestTokens.verify(guestToken).catch(() => null);
        if (guestId) await service.attachGuest(guestId, party);
      }
      return party;
    }
    if (!guestToken) throw new AppError('invalid-token');
    const guestId = await ctx.guestTokens.verify(guestToken);
    if (claimed.userId !== undefined || (claimed.guestId !== undefined && claimed.guestId !== guestId)) {
      throw new AppError('FORBIDDEN');
    }
    return { kind: 'guest', guestId };
  }

  async function limit(name: string, id: string, rules: { limit: number; windowMs: number }[]) {
    for (const rule of rules) {
      const hit = await limiter.hit(name, id, rule);
      if (!hit.isAllowed) throw new AppError('REQUEST_LIMIT');
    }
  }

  /**
   * Guests are anonymous, so minting ids is free: their limits are per client address too (`chatGuestLimits`,
   * counted in Redis when REDIS_URL is set, so they hold across processes). Members are limited per member only.
   */
  async function guestRules() {
    const limits = await ctx.settings.get('chatGuestLimits');
    return {
      mint: { limit: limits.newIdsPerAddress, windowMs: limits.newIdsWindowMinutes * MINUTE_MS },
      send: { limit: limits.messagesPerAddress, windowMs: limits.messagesWindowMinutes * MINUTE_MS },
      maxOpen: limits.openConversationsPerAddress,
    };
  }

  async function upload(party: ChatParty | string, file: ReceivedFile | null, policy: UploadPolicy, ip?: string) {
    const owner = typeof party === 'string' ? party : partyKey(party);
    await limit('chat-upload', owner, [UPLOAD_RULE]);
    // a guest's uploads also count per address: a fresh guest id does not buy a fresh allowance
    if (typeof party !== 'string' && party.kind === 'guest' && ip) await limit('chat-upload-ip', ip, [UPLOAD_RULE]);
    const accepted = await acceptUpload(file, policy);
    if (accepted.media === 'video' && !isCompleteMp4(accepted.data)) throw new UploadError(policy, 'unreadable');
    const stored = await storeAcceptedUpload(ctx.storage, accepted, policy);
    await service.recordMedia(owner, stored.key, stored.contentType, stored.size);
    return { path: stored.key };
  }

  return {
    name: 'chat',
    handlers: {
      'chat.config': async () => ({ PREFIX: await prefix() }),
      'chat.guest': async ({ body, request }) => {
        if (body.token) {
          // a valid token is renewed for the same guest id; a forged or expired one gets a new id
          const guestId = await ctx.guestTokens.verify(body.token).catch(() => null);
          if (guestId) return ctx.guestTokens.issue(guestId);
        }
        await limit('chat-guest-id', request.ip, [(await guestRules()).mint]);
        return ctx.guestTokens.issue();
      },
      'chat.history': async ({ member, body, request }) => {
        const party = await partyOf(member, request, body);
        const { rows, conversation } = await service.history(party, body.limit, body.skip);
        if (!conversation) return [];
        return rows.map((row) => toConversation(row, partyIds(conversation), mediaUrl));
      },
      'chat.send': async ({ member, body, request }) => {
        const party = await partyOf(member, request, body);
        await limit('chat-send', partyKey(party), SEND_RULES);
        if (party.kind === 'member') {
          const row = await service.sendAsCustomer(party, body.message);
          return { createdAt: row.createdAt.toISOString() };
        }
        const rules = await guestRules();
        await limit('chat-guest-send', request.ip, [rules.send]);
        const row = await service.sendAsCustomer(party, body.message, { address: request.ip, maxOpen: rules.maxOpen });
        return { createdAt: row.createdAt.toISOString() };
      },
      'chat.readCustomer': async ({ member, body, request }) => {
        const party = await partyOf(member, request, body);
        const conversation = await service.markReadByCustomer(party);
        if (conversation)
          ctx.realtime.toRoom(socketRooms.operators, 'chat.conversation', await read.summary(conversation));
        if (party.kind === 'member') ctx.realtime.push(party.memberId, 'chat.unread', { count: 0 });
        return { message: 'OK' };
      },
      'chat.unread': async ({ member }) => {
        return { count: await service.unreadOfMember(member.id) };
      },
      'chat.uploadImage': async ({ member, file, request }) =>
        upload(await partyOf(member, request), file, CHAT_IMAGE_UPLOAD, request.ip),
      'chat.uploadVideo': async ({ member, file, request }) =>
        upload(await partyOf(member, request), file, CHAT_VIDEO_UPLOAD, request.ip),

      ...chatAdminHandlers({ ctx, inbox, read, mediaUrl, prefix }),
      ...chatTeamHandlers({ ctx, team, inbox, read }),
      'admin.chat.uploadImage': async ({ operator, file }) =>
        upload(`operator:${operator.id}`, file, CHAT_IMAGE_UPLOAD),
      'admin.chat.uploadVideo': async ({ operator, file }) =>
        upload(`operator:${operator.id}`, file, CHAT_VIDEO_UPLOAD),
    },
    subscribers: [
      // the outbox delivers each message once committed, in whichever process runs the relay; socket.io's Redis
      // adapter carries it to the sockets on every process
      subscribe('chat.message', 'chat.relay', async ({ messageId }) => {
        const found = await inbox.messageById(Number(messageId));
        if (!found) return;
        const ids = partyIds(found.conversation);
        const authors = await read.authors([found.message]);
        ctx.realtime.toRoom(socketRooms.operators, 'messaging', toAdminMessage(found.message, ids, mediaUrl, authors));
        // a private note stays with the team: never on the member's socket (ADR 0035)
        if (found.message.isNote) return;
        ctx.realtime.toRoom(chatRoom(await prefix(), ids), 'messaging', toConversation(found.message, ids, mediaUrl));
        ctx.realtime.toRoom(socketRooms.operators, 'chat.conversation', await read.summary(found.conversation));
        // the member's contact tab badge, wherever the member has a socket open (not only the chat widget)
        const { memberId, unreadCustomer } = found.conversation;
        if (found.message.sender === 'other' && memberId !== null) {
          ctx.realtime.push(memberId, 'chat.unread', { count: unreadCustomer });
        }
      }),
    ],
    plugin: async (app) => {
      app.addHook('onClose', async () => store.close());
      // media by signed link only: the link is handed to the conversation's parties (history, pushes, console)
      app.get<{ Params: { '*': string }; Querystring: { exp?: string; sig?: string } }>(
        `${MEDIA_PATH}*`,
        async (request, reply) => {
          const key = request.params['*'];
          if (!/^chat\/(images|videos)\/[a-z0-9-]+\.[a-z0-9]+$/.test(key)) throw new AppError('NOT_FOUND');
          if (links.check(key, Number(request.query.exp), String(request.query.sig ?? '')) !== 'ok') {
            throw new AppError('FORBIDDEN');
          }
          return sendStoredObject(reply, ctx.storage, key);
        },
      );
    },
  };
};
