import { QR_PROVIDERS, type QrProvider } from '@wallet/contract/limits';
import { providerKey, signHeaders, verifyHeaders } from '@wallet/contract/qr-wire';
import { z } from 'zod';
import type { FetchLike } from '../games/http-game-provider.ts';
import type {
  CreateQrOutcome,
  CreateQrRequest,
  QrPaymentProvider,
  QrPaymentStatus,
  QrWebhookRequest,
  QrWebhookVerification,
} from './qr-payment-port.ts';

export type HttpQrOptions = {
  /** root of the PSPs' APIs; each provider is `${baseUrl}/${provider}` (sandbox: `${publicUrl}/sandbox/qr`) */
  baseUrl: string;
  /** where the providers send webhooks: `${publicUrl}/api/webhooks/qr` */
  notifyBaseUrl: string;
  /** the shared provider secret (each provider's key derives from it, @wallet/contract/qr-wire) */
  secret: string;
  now: () => Date;
  /** a webhook older or newer than this is a replay (default 300 s) */
  replayWindowSeconds?: number;
  timeoutMs?: number;
  fetch?: () => FetchLike;
};

const CreatedSchema = z.object({
  status: z.literal('SUCCESS'),
  providerRef: z.string().min(1).max(64),
  qrPayload: z.string().min(20).max(512),
  expiresAt: z.iso.datetime(),
});
const StatusSchema = z.object({
  status: z.enum(['PENDING', 'PAID', 'EXPIRED', 'CANCELLED', 'NOT_FOUND']),
  providerTxnId: z.string().optional(),
  amount: z
    .string()
    .regex(/^\d{1,15}$/)
    .optional(),
  paidAt: z.iso.datetime().optional(),
  paymentId: z.string().optional(),
});
const WebhookSchema = z.object({
  event: z.enum(['payment.paid', 'payment.failed']),
  paymentId: z.string().min(1).max(64),
  providerTxnId: z.string().min(1).max(64).optional(),
  amount: z
    .string()
    .regex(/^\d{1,15}$/)
    .optional(),
  paidAt: z.iso.datetime().optional(),
});

/** One PSP over HTTP (@wallet/contract/qr-wire signatures both ways). */
class HttpQrProvider implements QrPaymentProvider {
  private readonly key: string;
  constructor(
    readonly provider: QrProvider,
    private readonly options: HttpQrOptions,
  ) {
    this.key = providerKey(options.secret, provider);
  }

  private async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
    const url = `${this.options.baseUrl.replace(/\/$/, '')}/${this.provider}${path}`;
    const text = body === undefined ? '' : JSON.stringify(body);
    const signed = method === 'GET' ? new URL(url).pathname : text;
    const ts = Math.floor(this.options.now().getTime() / 1000);
    const fetcher = this.options.fetch?.() ?? (globalThis.fetch as FetchLike);
    const res = await fetcher(url, {
      method,
      headers: { 'content-type': 'application/json', ...signHeaders(this.provider, this.key, signed, ts) },
      ...(method === 'POST' ? { body: text } : {}),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 5000),
    });
    const raw = await res.text();
    let json: unknown = null;
    try {
      json = JSON.parse(raw) as unknown;
    } catch {
      json = null;
    }
    return { status: res.status, json };
  }

  async createQr(request: CreateQrRequest): Promise<CreateQrOutcome> {
    try {
      const res = await this.call('POST', '/qrcodes', {
        paymentId: request.paymentId,
        memberRef: request.memberRef,
        amount: request.amount.toString(),
        currency: request.currency,
        notifyUrl: `${this.options.notifyBaseUrl.replace(/\/$/, '')}/${this.provider}`,
      });
      if (res.status >= 400 && res.status < 500 && res.status !== 401 && res.status !== 408 && res.status !== 429)
        return { kind: 'rejected', detail: `${res.status} ${JSON.stringify(res.json).slice(0, 200)}` };
      const parsed = CreatedSchema.safeParse(res.json);
      if (res.status !== 200 || !parsed.success) return { kind: 'unavailable', detail: `answer ${res.status}` };
      return {
        kind: 'created',
        providerRef: parsed.data.providerRef,
        qrPayload: parsed.data.qrPayload,
        expiresAt: new Date(parsed.data.expiresAt),
      };
    } catch (err) {
      return { kind: 'unavailable', detail: err instanceof Error ? err.message : String(err) };
    }
  }

  async cancelQr(paymentId: string): Promise<'cancelled' | 'paid' | 'unknown'> {
    try {
      const res = await this.call('POST', `/qrcodes/${encodeURIComponent(paymentId)}/cancel`, {});
      const parsed = StatusSchema.safeParse(res.json);
      if (res.status !== 200 || !parsed.success) return 'unknown';
      if (parsed.data.status === 'PAID') return 'paid';
      return parsed.data.status === 'CANCELLED' || parsed.data.status === 'NOT_FOUND' ? 'cancelled' : 'unknown';
    } catch {
      return 'unknown';
    }
  }

  async inquire(paymentId: string): Promise<QrPaymentStatus> {
    try {
      const res = await this.call('GET', `/qrcodes/${encodeURIComponent(paymentId)}`);
      const parsed = StatusSchema.safeParse(res.json);
      if (res.status !== 200 || !parsed.success) return { kind: 'unknown', detail: `answer ${res.status}` };
      const s = parsed.data;
      switch (s.status) {
        case 'PAID':
          if (!s.providerTxnId || !s.amount || !s.paidAt) return { kind: 'unknown', detail: 'PAID without payment' };
          return {
            kind: 'paid',
            payment: {
              providerTxnId: s.providerTxnId,
              paymentId,
              amount: BigInt(s.amount),
              paidAt: new Date(s.paidAt),
            },
          };
        case 'PENDING':
          return { kind: 'pending' };
        case 'EXPIRED':
          return { kind: 'expired' };
        case 'CANCELLED':
          return { kind: 'cancelled' };
        case 'NOT_FOUND':
          return { kind: 'not_found' };
      }
    } catch (err) {
      return { kind: 'unknown', detail: err instanceof Error ? err.message : String(err) };
    }
  }

  verifyWebhook(request: QrWebhookRequest): QrWebhookVerification {
    const body = request.rawBody.toString('utf8');
    const ts = verifyHeaders(this.provider, this.key, request.headers, body);
    if (ts === null) return { kind: 'invalid_signature' };
    const window = this.options.replayWindowSeconds ?? 300;
    if (Math.abs(this.options.now().getTime() / 1000 - ts) > window) return { kind: 'invalid_signature' };
    let json: unknown;
    try {
      json = JSON.parse(body) as unknown;
    } catch {
      return { kind: 'malformed', detail: 'not JSON' };
    }
    const parsed = WebhookSchema.safeParse(json);
    if (!parsed.success) return { kind: 'malformed', detail: 'unexpected shape' };
    const e = parsed.data;
    if (e.event === 'payment.failed') return { kind: 'valid', event: { kind: 'failed', paymentId: e.paymentId } };
    if (!e.providerTxnId || !e.amount || !e.paidAt) return { kind: 'malformed', detail: 'paid without payment' };
    return {
      kind: 'valid',
      event: {
        kind: 'paid',
        payment: {
          providerTxnId: e.providerTxnId,
          paymentId: e.paymentId,
          amount: BigInt(e.amount),
          paidAt: new Date(e.paidAt),
        },
      },
    };
  }
}

export function createQrProviders(options: HttpQrOptions): Map<QrProvider, QrPaymentProvider> {
  return new Map(QR_PROVIDERS.map((p) => [p, new HttpQrProvider(p, options)]));
}

/** In-process transport bound by the sandbox module (its simulators live in this process); default: fetch. */
const transports = new WeakMap<object, FetchLike>();
export function bindQrTransport(owner: object, fetch: FetchLike): void {
  transports.set(owner, fetch);
}
export function boundQrTransport(owner: object): FetchLike | undefined {
  return transports.get(owner);
}
