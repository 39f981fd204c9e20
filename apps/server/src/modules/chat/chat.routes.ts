import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AdminDepositStatus } from '@wallet/contract/admin/deposits';
import type { Conversation } from '@wallet/contract/chat';
import { CHAT_GUEST_HEADER, chatRoom, socketRooms } from '@wallet/contract/socket-events';
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
import { createAccountApi } from '../account/account.api.ts';
import type { AuthMember } from '../auth/auth.api.ts';
import { recentDeposits } from '../deposits/deposits.api.ts';
import { LedgerService, memberWallet, toMajor } from '../ledger/ledger.api.ts';
import { promotionConditionRunning } from '../promotions/promotions.api.ts';
import { memberWithdrawals } from '../withdrawals/withdrawals.api.ts';
import { ChatService, partyKey, summaryOf, type ChatOperator, type ChatParty } from './chat.service.ts';
import { isCompleteMp4 } from './video-check.ts';

/** Signed media links live this long; history and pushes hand out fresh ones. */
const MEDIA_URL_TTL_S = 15 * 60;
const MEDIA_PATH = '/api/chat/media/';
/** per sender: a burst of 20 messages, 60 a minute */
const SEND_RULES = [
  { limit: 20, windowMs: 10_000 },
  { limit: 60, windowMs: 60_000 },
];
const UPLOAD_RULE = { limit: 20, windowMs: 60_000 };
const MINUTE_MS = 60_000;
/** deposits and withdrawals listed beside a member's conversation (each) */
const MEMBER_MOVES = 5;

type MessageRow = Awaited<ReturnType<ChatService['history']>>['rows'][number];

/** The chat module: conversations, messages, media and the operator inbox (DESIGN.md §9.8, issue 14). */
export const chatModule: ModuleFactory = (ctx) => {
  const service = new ChatService(ctx.db, ctx.clock);
  const accounts = createAccountApi(ctx);
  const ledger = new LedgerService(ctx.db);
  const store = createRateLimitStore(ctx.config, (err) => ctx.log.error({ err }, 'chat rate-limit store failed'));
  const limiter = new RateLimiter(store, ctx.clock);
  const secret = `${ctx.config.secrets.jwt}:chat-media`;
  const sign = (key: string, exp: number) => createHmac('sha256', secret).update(`${key}|${exp}`).digest('base64url');

  /** A media key as a short-lived link the holder can open in <img>/<video> (no header needed). */
  function mediaUrl(key: string): string {
    const exp = Math.floor(ctx.clock.now().getTime() / 1000) + MEDIA_URL_TTL_S;
    return `${MEDIA_PATH}${key}?exp=${exp}&sig=${sign(key, exp)}`;
  }

  function toConversation(row: MessageRow, party: { userId?: string; guestId?: string }): Conversation {
    const message = structuredClone(row.message) as Conversation['message'];
    const payload = message.payload;
    if (
      message.message_type === 'media' &&
      typeof payload === 'object' &&
      payload !== null &&
      !Array.isArray(payload)
    ) {
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

  const partyIds = (c: { memberId: number | null; guestId: string | null }) =>
    c.memberId !== null ? { userId: String(c.memberId) } : { guestId: c.guestId ?? '' };

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

  async function names(memberIds: (number | null)[]) {
    const ids = [...new Set(memberIds.filter((id): id is number => id !== null))];
    const cards = await accounts.memberCards(ids);
    return new Map(cards.map((c) => [c.id, c]));
  }

  async function summary(row: Parameters<typeof summaryOf>[0]) {
    return summaryOf(row, await names([row.memberId]));
  }

  async function prefix() {
    return ctx.settings.get('chatPrefix');
  }

  /** What the console shows beside a member's conversation: wallet, latest deposits and withdrawals, a condition. */
  async function memberBeside(card: Awaited<ReturnType<typeof accounts.memberCards>>[number]) {
    const [balance, deposits, withdrawals, conditionRunning] = await Promise.all([
      ledger.balance(memberWallet(card.id), card.currency).catch(() => null),
      recentDeposits(ctx.db, card.id, MEMBER_MOVES),
      memberWithdrawals(ctx.db, card.id, MEMBER_MOVES),
      promotionConditionRunning(ctx.db, card.id),
    ]);
    return {
      ...card,
      createdAt: card.createdAt.toISOString(),
      balance: balance === null ? null : String(balance),
      deposits: deposits.map((d) => ({
        id: d.id,
        channel: d.channel,
        amount: toMajor(d.amount),
        currency: d.currency,
        status: d.status as AdminDepositStatus, // credited, review or rejected (the table's check)
        createdAt: d.createdAt.toISOString(),
      })),
      withdrawals: withdrawals.map((w) => ({
        id: w.id,
        amount: w.amount,
        currency: w.currency,
        status: w.status,
        createdAt: w.createdAt,
      })),
      conditionRunning,
    };
  }

  const operatorOf = (o: { id: number; username: string }): ChatOperator => ({ id: o.id, username: o.username });

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
        return rows.map((row) => toConversation(row, partyIds(conversation)));
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
        if (conversation) ctx.realtime.toRoom(socketRooms.operators, 'chat.conversation', await summary(conversation));
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

      'admin.chat.conversations': async ({ operator, body }) => {
        const rows = await service.list(body.status, body.filter, operatorOf(operator));
        const byId = await names(rows.map((r) => r.memberId));
        return { conversations: rows.map((r) => summaryOf(r, byId)) };
      },
      'admin.chat.conversation': async ({ params, body }) => {
        const conversation = await service.byId(params.id);
        const before = body.before ? Number(body.before) : undefined;
        const messages = await service.messagesOf(conversation.id, Number.isSafeInteger(before) ? before : undefined);
        const byId = await names([conversation.memberId]);
        const card = conversation.memberId !== null ? byId.get(conversation.memberId) : undefined;
        return {
          conversation: summaryOf(conversation, byId),
          member: card ? await memberBeside(card) : null,
          messages: messages.map((m) => toConversation(m, partyIds(conversation))),
        };
      },
      'admin.chat.reply': async ({ operator, params, body, request }) => {
        const row = await service.reply(params.id, body.message, operatorOf(operator), request.ip);
        const conversation = await service.byId(params.id);
        return { message: toConversation(row, partyIds(conversation)) };
      },
      'admin.chat.read': async ({ params }) => {
        const conversation = await service.markReadByOperator(params.id);
        ctx.realtime.toRoom(socketRooms.operators, 'chat.conversation', await summary(conversation));
        return { ok: true };
      },
      'admin.chat.assign': async ({ operator, params, body, request }) => {
        const conversation = await service.assign(params.id, body.to, operatorOf(operator), request.ip);
        const row = await summary(conversation);
        ctx.realtime.toRoom(socketRooms.operators, 'chat.conversation', row);
        return { conversation: row };
      },
      'admin.chat.resolve': async ({ operator, params, request }) => {
        const conversation = await service.resolve(params.id, operatorOf(operator), request.ip);
        const row = await summary(conversation);
        ctx.realtime.toRoom(socketRooms.operators, 'chat.conversation', row);
        ctx.realtime.toRoom(chatRoom(await prefix(), partyIds(conversation)), 'chat.ended', {
          session_id: conversation.sessionId,
        });
        return { conversation: row };
      },
      'admin.chat.uploadImage': async ({ operator, file }) =>
        upload(`operator:${operator.id}`, file, CHAT_IMAGE_UPLOAD),
      'admin.chat.uploadVideo': async ({ operator, file }) =>
        upload(`operator:${operator.id}`, file, CHAT_VIDEO_UPLOAD),
    },
    subscribers: [
      // the outbox delivers each message once committed, in whichever process runs the relay; socket.io's Redis
      // adapter carries it to the sockets on every process
      subscribe('chat.message', 'chat.relay', async ({ messageId }) => {
        const found = await service.messageById(Number(messageId));
        if (!found) return;
        const ids = partyIds(found.conversation);
        const conversation = toConversation(found.message, ids);
        ctx.realtime.toRoom(chatRoom(await prefix(), ids), 'messaging', conversation);
        ctx.realtime.toRoom(socketRooms.operators, 'messaging', conversation);
        ctx.realtime.toRoom(socketRooms.operators, 'chat.conversation', await summary(found.conversation));
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
          const exp = Number(request.query.exp);
          const sig = String(request.query.sig ?? '');
          if (!/^chat\/(images|videos)\/[a-z0-9-]+\.[a-z0-9]+$/.test(key)) throw new AppError('NOT_FOUND');
          if (!Number.isSafeInteger(exp)) throw new AppError('FORBIDDEN');
          const expected = Buffer.from(sign(key, exp));
          const given = Buffer.from(sig);
          if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AppError('FORBIDDEN');
          if (exp * 1000 < ctx.clock.now().getTime()) throw new AppError('FORBIDDEN');
          return sendStoredObject(reply, ctx.storage, key);
        },
      );
    },
  };
};
