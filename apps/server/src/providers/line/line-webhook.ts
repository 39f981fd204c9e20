import { LINE_SIGNATURE_HTTP_HEADER_NAME, validateSignature } from '@line/bot-sdk';
import type { webhook } from '@line/bot-sdk';
import { z } from 'zod';

/** The webhook events the wallet acts on (LINE sends more kinds; the others are acknowledged and ignored). */
export type LineWebhookEvent =
  | { type: 'follow'; userId: string }
  | { type: 'unfollow'; userId: string }
  | { type: 'text'; userId: string; text: string };

const USER_ID = z.string().regex(/^U[0-9a-f]{32}$/);
const EventSchema = z.object({
  type: z.string(),
  source: z.object({ type: z.string(), userId: USER_ID.optional() }).optional(),
  message: z.object({ type: z.string(), text: z.string().max(5000).optional() }).optional(),
});
const BodySchema = z.object({ destination: z.string().max(64), events: z.array(z.unknown()).max(100) });

/**
 * Check a webhook's `x-line-signature` (base64 HMAC-SHA256 of the raw body with the channel secret, compared in
 * constant time by the SDK's `validateSignature`) and read its events. `null`: missing or wrong signature, or a body
 * that is not a LINE webhook; the caller answers 401 or 400 and acts on nothing.
 */
export function readLineWebhook(
  channelSecret: string,
  headers: Record<string, string | string[] | undefined>,
  raw: Buffer,
): LineWebhookEvent[] | null {
  const signature = headers[LINE_SIGNATURE_HTTP_HEADER_NAME];
  if (typeof signature !== 'string' || signature.length === 0 || signature.length > 128) return null;
  if (!validateSignature(raw, channelSecret, signature)) return null;
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    return null;
  }
  const body = BodySchema.safeParse(json);
  if (!body.success) return null;
  const events: LineWebhookEvent[] = [];
  for (const item of body.data.events as webhook.Event[]) {
    const event = EventSchema.safeParse(item);
    const userId = event.success ? event.data.source?.userId : undefined;
    if (!event.success || userId === undefined) continue;
    if (event.data.type === 'follow' || event.data.type === 'unfollow') events.push({ type: event.data.type, userId });
    else if (event.data.type === 'message' && event.data.message?.type === 'text' && event.data.message.text) {
      events.push({ type: 'text', userId, text: event.data.message.text });
    }
  }
  return events;
}
