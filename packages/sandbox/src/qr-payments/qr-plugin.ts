// Over 300 lines on purpose: one Fastify plugin whose merchant API, payer page and webhook sender share one in-memory
// store and one signing key per provider; it is a test double, not production code.
/**
 * Sandbox QR payment providers (KBANK, WW, PAYTIMZ, PAYONEX, ZPAY; LAPNet payloads for LAK): dynamic PromptPay
 * QRs, a payer's banking app, signed webhooks retried until acknowledged. Mount with a prefix, normally `/sandbox/qr`.
 *
 * Merchant API, under `/:provider`, every call signed as its webhooks are (@wallet/contract/qr-wire):
 *   POST qrcodes {paymentId, memberRef, amount (minor units, decimal string), currency, notifyUrl}
 *        → {status:'SUCCESS', providerRef, qrPayload, expiresAt}. Idempotent by paymentId.
 *        amount below the provider's range → 400 {status:'FAILED', code:'AMOUNT_OUT_OF_RANGE'}
 *   GET  qrcodes/:paymentId → {status: PENDING|PAID|EXPIRED|CANCELLED|NOT_FOUND, providerTxnId?, amount?, paidAt?}
 *   POST qrcodes/:paymentId/cancel {} → {status: CANCELLED} (or PAID: paid already, nothing changes)
 *   Bad signature → 401 {status:'FAILED', code:'BAD_SIGNATURE'}.
 * Webhook to notifyUrl: `{event:'payment.paid', paymentId, providerRef, providerTxnId, amount, currency, paidAt}`
 *   signed with the provider's scheme; any 2xx acknowledges; otherwise retried (up to `maxAttempts`).
 *
 * Control (loopback or X-Sandbox-Key):
 *   POST /pay {payload, amount?} the payer's banking app: reads the QR (CRC, tag 30 / 38), pays it, fires the
 *        webhook → {status:'SUCCESS', provider, paymentId, providerTxnId, delivered}. It pays a QR that expired
 *        or was cancelled at the provider too (a late bank settlement): the wallet must never drop that money.
 *        A dynamic QR is single-use: a QR already paid → 409 {status:'FAILED', code:'QR_ALREADY_PAID'}.
 *   GET  /pay   a page for people: paste a payload (or ?payload=) and pay it.
 *   POST /_faults {provider?, mode: 'drop-webhook' | 'none', times?}: webhooks not sent (the inquiry finds them).
 *   POST /_redeliver {providerTxnId, times?}: send a paid webhook again (duplicates, out of order).
 *   GET  /_log: webhook deliveries [{provider, providerTxnId, attempt, status, at}] (the newest 5,000); DELETE /_log.
 * Bounded: the newest `capacity` QRs (default 10,000) and their payments are kept; an older one answers NOT_FOUND
 * (QR_NOT_RECOGNISED at /pay). The wallet asks about a QR within minutes (its inquiry, the 5-minute TTL).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { billPaymentPayload, lapnetPayload, readPaymentQr } from '@wallet/contract/emvco';
import { QR_MIN_AMOUNT, type QrProvider } from '@wallet/contract/limits';
import { isQrProvider, providerKey, signHeaders, verifyHeaders } from '@wallet/contract/qr-wire';
import { z } from 'zod';
import { BoundedMap } from '../bounded-map.ts';
import { payPage } from './pay-page.ts';

export type WebhookDelivery = (url: string, headers: Record<string, string>, body: string) => Promise<number>;

export type QrSandboxOptions = {
  secret: string;
  now?: () => Date;
  /** how long a QR is payable, seconds (default 300) */
  ttlSeconds?: number;
  /** sends one webhook; default fetch */
  deliver?: WebhookDelivery;
  maxAttempts?: number;
  /** delay before retry n (ms); default 1 s, 2 s, 4 s… */
  retryDelayMs?: (attempt: number) => number;
  /** how many QRs are kept, the oldest dropped past it (default 10,000) */
  capacity?: number;
};

type QrRecord = {
  provider: QrProvider;
  paymentId: string;
  providerRef: string;
  amount: bigint;
  currency: 'THB' | 'LAK';
  qrPayload: string;
  notifyUrl: string;
  expiresAt: Date;
  cancelled: boolean;
  payments: Payment[];
};
type Payment = { providerTxnId: string; amount: bigint; paidAt: Date };
export type DeliveryLogEntry = { provider: string; providerTxnId: string; attempt: number; status: number; at: string };

const BILLER_ID = '010555512345601';
const LAO_IIN = '27710418';

const CreateSchema = z.object({
  paymentId: z.string().regex(/^[A-Za-z0-9]{1,20}$/),
  memberRef: z.string().regex(/^[A-Z0-9]{1,20}$/),
  amount: z.string().regex(/^\d{1,15}$/),
  currency: z.enum(['THB', 'LAK']),
  notifyUrl: z.string().url().max(500),
});

export const qrSandboxPlugin: FastifyPluginAsync<QrSandboxOptions> = async (app, options) => {
  const now = options.now ?? (() => new Date());
  const ttl = options.ttlSeconds ?? 300;
  const maxAttempts = options.maxAttempts ?? 6;
  const delay = options.retryDelayMs ?? ((n: number) => 1000 * 2 ** (n - 1));
  const deliver: WebhookDelivery =
    options.deliver ??
    (async (url, headers, body) => {
      const res = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(5000) });
      await res.body?.cancel();
      return res.status;
    });
  const capacity = options.capacity ?? 10_000;
  const qrs = new BoundedMap<string, QrRecord>(capacity);
  // a QR is paid once (QR_ALREADY_PAID), so one payment per QR: the same bound
  const byTxn = new BoundedMap<string, QrRecord>(capacity);
  const log: DeliveryLogEntry[] = [];
  let drop: { provider: string | null; remaining: number } | null = null;
  const timers = new Set<NodeJS.Timeout>();
  app.addHook('onClose', async () => {
    for (const t of timers) clearTimeout(t);
  });

  // raw bodies: signatures cover the exact bytes
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 16_384 }, (_req, body, done) =>
    done(null, body),
  );

  const keyOf = (p: QrProvider) => providerKey(options.secret, p);
  const statusOf = (r: QrRecord) => {
    const paid = r.payments[0];
    if (paid)
      return {
        status: 'PAID',
        providerTxnId: paid.providerTxnId,
        amount: paid.amount.toString(),
        paidAt: paid.paidAt.toISOString(),
      };
    if (r.cancelled) return { status: 'CANCELLED' };
    if (r.expiresAt <= now()) return { status: 'EXPIRED' };
    return { status: 'PENDING' };
  };

  async function sendWebhook(r: QrRecord, p: Payment, attempt: number): Promise<number> {
    const body = JSON.stringify({
      event: 'payment.paid',
      paymentId: r.paymentId,
      providerRef: r.providerRef,
      providerTxnId: p.providerTxnId,
      amount: p.amount.toString(),
      currency: r.currency,
      paidAt: p.paidAt.toISOString(),
    });
    const headers = {
      'content-type': 'application/json',
      ...signHeaders(r.provider, keyOf(r.provider), body, Math.floor(now().getTime() / 1000)),
    };
    let status = 0;
    try {
      status = await deliver(r.notifyUrl, headers, body);
    } catch {
      status = 0;
    }
    log.push({ provider: r.provider, providerTxnId: p.providerTxnId, attempt, status, at: now().toISOString() });
    if (log.length > 5000) log.splice(0, log.length - 5000);
    if ((status < 200 || status >= 300) && attempt < maxAttempts) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        void sendWebhook(r, p, attempt + 1);
      }, delay(attempt));
      timer.unref();
      timers.add(timer);
    }
    return status;
  }

  /** The merchant API: signature checked over the raw body (POST) or the URL (GET). */
  app.register(async (merchant) => {
    merchant.addHook('preHandler', async (request, reply) => {
      const { provider } = request.params as { provider: string };
      if (!isQrProvider(provider)) return reply.status(404).send({ status: 'FAILED', code: 'UNKNOWN_PROVIDER' });
      const signed = request.method === 'GET' ? request.url : typeof request.body === 'string' ? request.body : '';
      if (verifyHeaders(provider, keyOf(provider), request.headers, signed) === null)
        return reply.status(401).send({ status: 'FAILED', code: 'BAD_SIGNATURE' });
    });

    merchant.post('/:provider/qrcodes', async (request, reply) => {
      const provider = (request.params as { provider: QrProvider }).provider;
      const parsed = CreateSchema.safeParse(safeJson(request.body));
      if (!parsed.success) return reply.status(400).send({ status: 'FAILED', code: 'INVALID_REQUEST' });
      const input = parsed.data;
      const existing = qrs.get(input.paymentId);
      if (existing) {
        if (existing.provider !== provider) return reply.status(409).send({ status: 'FAILED', code: 'ID_CONFLICT' });
        return created(existing);
      }
      const amount = BigInt(input.amount);
      if (amount <= 0n || amount < BigInt(QR_MIN_AMOUNT[provider]) * 100n)
        return reply.status(400).send({ status: 'FAILED', code: 'AMOUNT_OUT_OF_RANGE' });
      const providerRef = `${provider}${randomBytes(6).toString('hex').toUpperCase()}`;
      const qrPayload =
        input.currency === 'LAK'
          ? lapnetPayload({
              iin: LAO_IIN,
              merchantId: `SBX${provider}`.slice(0, 15),
              amountKip: (amount / 100n).toString(),
              bill: input.paymentId,
            })
          : billPaymentPayload({
              billerId: BILLER_ID,
              ref1: input.memberRef,
              ref2: input.paymentId,
              amount: `${amount / 100n}.${String(amount % 100n).padStart(2, '0')}`,
              merchantName: 'SANDBOX WALLET',
              ref3: provider.slice(0, 6),
            });
      const record: QrRecord = {
        provider,
        paymentId: input.paymentId,
        providerRef,
        amount,
        currency: input.currency,
        qrPayload,
        notifyUrl: input.notifyUrl,
        expiresAt: new Date(now().getTime() + ttl * 1000),
        cancelled: false,
        payments: [],
      };
      qrs.set(input.paymentId, record);
      return created(record);
    });

    merchant.get('/:provider/qrcodes/:paymentId', async (request) => {
      const { provider, paymentId } = request.params as { provider: string; paymentId: string };
      const r = qrs.get(paymentId);
      if (!r || r.provider !== provider) return { status: 'NOT_FOUND' };
      return { ...statusOf(r), paymentId, providerRef: r.providerRef };
    });

    merchant.post('/:provider/qrcodes/:paymentId/cancel', async (request) => {
      const { provider, paymentId } = request.params as { provider: string; paymentId: string };
      const r = qrs.get(paymentId);
      if (!r || r.provider !== provider) return { status: 'NOT_FOUND' };
      if (r.payments.length === 0) r.cancelled = true;
      return { ...statusOf(r), paymentId };
    });
  });

  const created = (r: QrRecord) => ({
    status: 'SUCCESS',
    providerRef: r.providerRef,
    qrPayload: r.qrPayload,
    expiresAt: r.expiresAt.toISOString(),
  });

  app.post('/pay', async (request, reply) => {
    const body = safeJson(request.body) as { payload?: unknown; amount?: unknown } | null;
    const payload = typeof body?.payload === 'string' ? body.payload.trim() : '';
    const qr = readPaymentQr(payload);
    const r = qr ? qrs.get(qr.paymentId) : undefined;
    if (!qr || !r || r.qrPayload !== payload)
      return reply.status(404).send({ status: 'FAILED', code: 'QR_NOT_RECOGNISED' });
    // a dynamic PromptPay QR is single-use (EMVCo point of initiation 12; docs/decisions/0025-slip-sender-and-provider-amounts.md): the bank refuses a second payment
    if (r.payments.length > 0) return reply.status(409).send({ status: 'FAILED', code: 'QR_ALREADY_PAID' });
    const amount = typeof body?.amount === 'string' && /^\d{1,15}$/.test(body.amount) ? BigInt(body.amount) : r.amount;
    const payment: Payment = {
      providerTxnId: `${r.provider}-TX${randomBytes(8).toString('hex').toUpperCase()}`,
      amount,
      paidAt: now(),
    };
    r.payments.push(payment);
    byTxn.set(payment.providerTxnId, r);
    let delivered = false;
    if (drop && (drop.provider === null || drop.provider === r.provider)) {
      drop.remaining -= 1;
      if (drop.remaining <= 0) drop = null;
    } else {
      const status = await sendWebhook(r, payment, 1);
      delivered = status >= 200 && status < 300;
    }
    return {
      status: 'SUCCESS',
      provider: r.provider,
      paymentId: r.paymentId,
      providerTxnId: payment.providerTxnId,
      amount: amount.toString(),
      delivered,
    };
  });

  app.get('/pay', async (request, reply) => {
    const q = request.query as { payload?: unknown };
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; connect-src 'self'",
      )
      .send(payPage(typeof q.payload === 'string' ? q.payload : ''));
  });

  app.post('/_faults', async (request, reply) => {
    const body = safeJson(request.body) as { provider?: unknown; mode?: unknown; times?: unknown } | null;
    if (body?.mode === 'none') drop = null;
    else if (body?.mode === 'drop-webhook')
      drop = {
        provider: typeof body.provider === 'string' ? body.provider : null,
        remaining: typeof body.times === 'number' ? body.times : Number.POSITIVE_INFINITY,
      };
    else return reply.status(400).send({ status: 'FAILED', code: 'INVALID_REQUEST' });
    return { status: 'SUCCESS' };
  });

  app.post('/_redeliver', async (request, reply) => {
    const body = safeJson(request.body) as { providerTxnId?: unknown } | null;
    const r = typeof body?.providerTxnId === 'string' ? byTxn.get(body.providerTxnId) : undefined;
    const p = r?.payments.find((x) => x.providerTxnId === body?.providerTxnId);
    if (!r || !p) return reply.status(404).send({ status: 'FAILED', code: 'NOT_FOUND' });
    return { status: 'SUCCESS', webhookStatus: await sendWebhook(r, p, maxAttempts) };
  });

  app.get('/_log', async () => log);
  app.delete('/_log', async () => {
    log.length = 0;
    return { status: 'SUCCESS' };
  });
};

function safeJson(body: unknown): unknown {
  if (typeof body !== 'string') return body ?? null;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return null;
  }
}
