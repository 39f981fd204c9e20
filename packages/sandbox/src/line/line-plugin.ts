/**
 * Sandbox LINE Messaging API (docs/decisions/0041-line-notifications.md). Mount with a prefix, normally `/sandbox/line`.
 *
 * The Messaging API, as LINE publishes it:
 *   POST /v2/bot/message/push {to, messages[1..5], notificationDisabled?}, `Authorization: Bearer <channel token>`,
 *        optional `X-Line-Retry-Key` (a UUID): 200 {sentMessages:[{id}]}; the same key again → 409 with
 *        `x-line-accepted-request-id` and nothing sent twice; a bad token → 401; a bad body or key → 400.
 * Control (loopback or X-Sandbox-Key, `/_…`):
 *   GET  /_ui                          a page for people: follow with a link code, unfollow, see the pushes
 *   GET  /_messages?to=U…              the pushes accepted, oldest first (all users without `to`)
 *   POST /_faults {faults:[{status:500}|{status:429, retryAfter?:seconds}]}  answered by the next pushes, in order
 *   POST /_users/:userId/follow {text?} a follow webhook, then (with `text`) a text message webhook, signed
 *   POST /_users/:userId/unfollow       an unfollow webhook, signed
 * Webhooks carry `x-line-signature`: base64 HMAC-SHA256 of the raw body with the channel secret.
 * Bounded: the newest 1,000 pushes are listed and the newest `capacity` retry keys (default 10,000) remembered; an
 * older key is accepted again (LINE itself forgets them after 24 hours).
 */
import { createHmac, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { BoundedMap } from '../bounded-map.ts';
import { linePage } from './line-page.ts';

export type LinePush = {
  requestId: string;
  to: string;
  messages: { type: string; text?: string }[];
  retryKey: string | null;
  receivedAt: string;
};

export type SandboxLineOptions = {
  channelSecret: string;
  channelAccessToken: string;
  /** where the simulator sends its webhooks (the wallet's `/api/webhooks/line`) */
  webhookUrl: string;
  /** sends one webhook; resolves to the HTTP status the wallet answered */
  deliver: (url: string, headers: Record<string, string>, body: string) => Promise<number>;
  now?: () => Date;
  /** how many retry keys are remembered, the oldest forgotten past it (default 10,000) */
  capacity?: number;
};

const USER_ID = /^[UCR][0-9a-f]{32}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PushSchema = z.object({
  to: z.string().regex(USER_ID),
  messages: z
    .array(z.object({ type: z.literal('text'), text: z.string().min(1).max(5000) }))
    .min(1)
    .max(5),
  notificationDisabled: z.boolean().optional(),
});
const FaultsSchema = z.object({
  faults: z
    .array(
      z.object({
        status: z.union([z.literal(500), z.literal(429)]),
        retryAfter: z.number().int().min(0).max(60).optional(),
      }),
    )
    .max(20),
});
const FollowSchema = z
  .object({ text: z.string().max(200).optional() })
  .nullable()
  .optional();

/** `x-line-signature` of a webhook body. */
export const signLineBody = (secret: string, body: string): string =>
  createHmac('sha256', secret).update(body).digest('base64');

export async function lineSandboxPlugin(app: FastifyInstance, options: SandboxLineOptions): Promise<void> {
  const now = options.now ?? (() => new Date());
  const pushes: LinePush[] = [];
  const acceptedKeys = new BoundedMap<string, string>(options.capacity ?? 10_000);
  const faults: { status: 500 | 429; retryAfter?: number }[] = [];

  app.post('/v2/bot/message/push', async (request, reply) => {
    if (request.headers.authorization !== `Bearer ${options.channelAccessToken}`) {
      return reply.status(401).send({
        message: 'Authentication failed. Confirm that the access token in the authorization header is valid.',
      });
    }
    const retryHeader = request.headers['x-line-retry-key'];
    const retryKey = typeof retryHeader === 'string' ? retryHeader : null;
    if (retryKey !== null && !UUID.test(retryKey)) {
      return reply.status(400).send({ message: 'The value of the X-Line-Retry-Key header is invalid' });
    }
    const fault = faults.shift();
    if (fault?.status === 429) {
      if (fault.retryAfter !== undefined) reply.header('retry-after', String(fault.retryAfter));
      return reply.status(429).send({ message: 'Too Many Requests' });
    }
    if (fault?.status === 500) return reply.status(500).send({ message: 'An error occurred in the server' });
    const accepted = retryKey === null ? undefined : acceptedKeys.get(retryKey);
    if (accepted !== undefined) {
      return reply
        .status(409)
        .header('x-line-accepted-request-id', accepted)
        .send({ message: 'The retry key is already accepted', sentMessages: [] });
    }
    const parsed = PushSchema.safeParse(request.body);
    if (!parsed.success) {
      return reply.status(400).send({
        message: 'The request body has 1 error(s)',
        details: parsed.error.issues.slice(0, 1).map((i) => ({ message: i.message, property: i.path.join('.') })),
      });
    }
    const requestId = randomUUID();
    if (retryKey !== null) acceptedKeys.set(retryKey, requestId);
    pushes.push({ requestId, ...parsed.data, retryKey, receivedAt: now().toISOString() });
    if (pushes.length > 1000) pushes.splice(0, pushes.length - 1000);
    reply.header('x-line-request-id', requestId);
    return { sentMessages: parsed.data.messages.map((_, i) => ({ id: `${Date.now()}${i}`, quoteToken: requestId })) };
  });

  app.get('/_ui', async (_request, reply) => reply.header('content-type', 'text/html; charset=utf-8').send(linePage()));

  app.get('/_messages', async (request) => {
    const to = (request.query as { to?: unknown }).to;
    return typeof to === 'string' ? pushes.filter((p) => p.to === to) : pushes;
  });

  app.post('/_faults', async (request, reply) => {
    const parsed = FaultsSchema.safeParse(request.body);
    if (!parsed.success) return reply.status(400).send({ message: 'KEY_INVALID' });
    faults.push(...parsed.data.faults);
    return { message: 'OK', pending: faults.length };
  });

  const webhook = async (userId: string, events: Record<string, unknown>[]) => {
    const body = JSON.stringify({
      destination: 'U0000000000000000000000000000000f',
      events: events.map((event) => ({
        ...event,
        timestamp: now().getTime(),
        source: { type: 'user', userId },
        mode: 'active',
        webhookEventId: randomUUID().replace(/-/g, '').toUpperCase().slice(0, 26),
        deliveryContext: { isRedelivery: false },
      })),
    });
    return options.deliver(
      options.webhookUrl,
      { 'content-type': 'application/json', 'x-line-signature': signLineBody(options.channelSecret, body) },
      body,
    );
  };

  app.post('/_users/:userId/follow', async (request, reply) => {
    const { userId } = request.params as { userId: string };
    const parsed = FollowSchema.safeParse(request.body);
    if (!USER_ID.test(userId) || !parsed.success) return reply.status(400).send({ message: 'KEY_INVALID' });
    const events: Record<string, unknown>[] = [
      { type: 'follow', replyToken: randomUUID().replace(/-/g, ''), follow: { isUnblocked: false } },
    ];
    const text = parsed.data?.text;
    if (text) {
      events.push({
        type: 'message',
        replyToken: randomUUID().replace(/-/g, ''),
        message: { type: 'text', id: String(Date.now()), text },
      });
    }
    return { webhookStatus: await webhook(userId, events) };
  });

  app.post('/_users/:userId/unfollow', async (request, reply) => {
    const { userId } = request.params as { userId: string };
    if (!USER_ID.test(userId)) return reply.status(400).send({ message: 'KEY_INVALID' });
    return { webhookStatus: await webhook(userId, [{ type: 'unfollow' }]) };
  });
}
