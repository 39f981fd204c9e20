import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

export type SmsMessage = { phone: string; text: string; createdAt: string };

/** Messages kept in memory, oldest first; the oldest are dropped past `capacity`. */
export class InMemoryOutbox {
  private readonly messages: SmsMessage[] = [];

  constructor(
    private readonly capacity = 1000,
    private readonly now: () => Date = () => new Date(),
  ) {}

  add(phone: string, text: string): SmsMessage {
    const message = { phone, text, createdAt: this.now().toISOString() };
    this.messages.push(message);
    if (this.messages.length > this.capacity) this.messages.splice(0, this.messages.length - this.capacity);
    return message;
  }

  /** Newest last; all phones when `phone` is not given. */
  list(phone?: string): SmsMessage[] {
    return this.messages.filter((m) => phone === undefined || m.phone === phone);
  }

  clear(): void {
    this.messages.length = 0;
  }
}

const SendSchema = z.object({ phone: z.string().trim().min(1).max(20), text: z.string().min(1).max(1000) });
/** One phone at a time: the outbox never lists every code it holds. */
const OutboxQuerySchema = z.object({ phone: z.string().trim().min(1).max(20) });

export type SandboxSmsOptions = {
  outbox: InMemoryOutbox;
  /** log every message (with its text) at info level: handy in development, never in production */
  logMessages?: boolean;
};

/**
 * The SMS gateway simulator, mounted under `/sandbox/sms`:
 * `POST /send {phone, text}` and `GET /outbox?phone=` (one phone's messages, newest last; the phone is required).
 * Validation is done in the handlers, so it runs under any schema compiler.
 */
export async function sandboxSms(app: FastifyInstance, options: SandboxSmsOptions): Promise<void> {
  const { outbox } = options;

  app.post('/send', async (request, reply) => {
    const parsed = SendSchema.safeParse(request.body);
    if (!parsed.success) return reply.status(400).send({ message: 'KEY_INVALID' });
    const message = outbox.add(parsed.data.phone, parsed.data.text);
    // never the text: it carries the one-time code (read it from the outbox)
    if (options.logMessages) request.log.info({ sms: { phone: message.phone } }, 'sandbox SMS (text in the outbox)');
    return { message: 'OK' };
  });

  app.get('/outbox', async (request, reply) => {
    const parsed = OutboxQuerySchema.safeParse(request.query);
    if (!parsed.success) return reply.status(400).send({ message: 'KEY_INVALID' });
    return outbox.list(parsed.data.phone);
  });
}
