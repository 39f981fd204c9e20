import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { BoundedMap } from '../bounded-map.ts';
import { signPayload, verifySignature } from '../games/signature.ts';

/**
 * A sandbox paying bank (docs/design.md §9.4): the payout API a Thai bank's corporate "bulk payment" interface offers,
 * cut to what a withdrawal needs.
 *
 *   POST /payouts            signed JSON `{payoutId, amount (minor units, string), currency, toBank, toAccountNo,
 *                            toAccountName}`; `payoutId` is the caller's idempotency key: the same id is paid once
 *                            and answers the same record again (another amount or account: 409 IDEMPOTENCY_MISMATCH)
 *                            → 200 `{status: PAID, payoutId, bankRef, paidAt}` | 422 `{status: REJECTED, reason}`
 *   GET  /payouts/:payoutId  signed status inquiry → 200 the record | 404 `{status: NOT_FOUND}`
 *
 * Signatures: `x-signature` = hex HMAC-SHA256 of the raw body (POST) or of the path as sent (GET), shared secret.
 * Control (unsigned, loopback or sandbox key): `GET /_payouts` (JSON: every payout received), `GET /_payouts.html`
 * (the same as a page), `POST|GET|DELETE /_faults` (the fault switches below).
 * Bounded: the newest `capacity` payouts (BankPayoutStore, default 10,000) are kept; an older id answers NOT_FOUND
 * (and would be paid again): the wallet asks about a payout whose answer it lost within minutes.
 */

export const BANK_OPS = ['payout', 'status'] as const;
export const BANK_FAULT_MODES = ['reject', 'timeout', 'success-then-timeout', 'error'] as const;
export const BANK_REJECT_REASONS = [
  'INVALID_ACCOUNT',
  'ACCOUNT_NAME_MISMATCH',
  'INSUFFICIENT_FUNDS',
  'LIMIT_EXCEEDED',
  'REFUSED',
] as const;

/**
 * - `reject`: a definite refusal, nothing paid (422 with `reason`).
 * - `timeout`: the answer is held for `holdMs` then dropped (504), nothing paid.
 * - `success-then-timeout`: the payout is made, then the answer is held and dropped: only an inquiry tells.
 * - `error`: 500 before anything happens.
 */
export const BankFaultSpecSchema = z.strictObject({
  mode: z.enum(BANK_FAULT_MODES),
  op: z.enum(BANK_OPS).default('payout'),
  reason: z.enum(BANK_REJECT_REASONS).default('REFUSED'),
  /** how many matching requests it applies to, then it is gone (default: until cleared) */
  times: z.number().int().min(1).optional(),
  /** only payouts to this account number */
  toAccountNo: z.string().optional(),
  holdMs: z.number().int().min(0).max(600_000).optional(),
});
export type BankFaultSpec = z.input<typeof BankFaultSpecSchema>;
type ActiveFault = z.output<typeof BankFaultSpecSchema> & { remaining: number };

export type BankPayoutRecord = {
  payoutId: string;
  amount: string;
  currency: string;
  toBank: string;
  toAccountNo: string;
  toAccountName: string;
  status: 'PAID' | 'REJECTED';
  bankRef: string | null;
  reason: string | null;
  receivedAt: string;
  /** how many times this id was sent */
  requests: number;
};

const PayoutBodySchema = z.strictObject({
  payoutId: z.string().regex(/^[A-Za-z0-9_-]{1,80}$/),
  amount: z.string().regex(/^[1-9]\d{0,15}$/),
  currency: z.enum(['THB', 'LAK']),
  toBank: z.string().min(1).max(16),
  toAccountNo: z.string().regex(/^\d{6,20}$/),
  toAccountName: z.string().min(1).max(120),
});

/** The bank's memory: payouts by id (the newest `capacity`) and the fault switches. */
export class BankPayoutStore {
  readonly payouts: BoundedMap<string, BankPayoutRecord>;
  private faults: ActiveFault[] = [];

  constructor(capacity = 10_000) {
    this.payouts = new BoundedMap(capacity);
  }

  setFault(spec: BankFaultSpec): void {
    const parsed = BankFaultSpecSchema.parse(spec);
    this.faults.unshift({ ...parsed, remaining: parsed.times ?? Number.POSITIVE_INFINITY });
  }
  clearFaults(): void {
    this.faults = [];
  }
  listFaults() {
    return this.faults.map((f) => ({ ...f, remaining: Number.isFinite(f.remaining) ? f.remaining : null }));
  }
  take(op: (typeof BANK_OPS)[number], toAccountNo?: string): ActiveFault | undefined {
    const fault = this.faults.find((f) => f.op === op && (!f.toAccountNo || f.toAccountNo === toAccountNo));
    if (!fault) return undefined;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.faults = this.faults.filter((f) => f !== fault);
    return fault;
  }
  list(): BankPayoutRecord[] {
    return [...this.payouts.values()].sort((a, b) => b.receivedAt.localeCompare(a.receivedAt));
  }
}

export type BankPayoutsOptions = { secret: string; store?: BankPayoutStore; holdMs?: number; now?: () => Date };

export async function bankPayoutsPlugin(app: FastifyInstance, options: BankPayoutsOptions): Promise<void> {
  const store = options.store ?? new BankPayoutStore();
  const now = options.now ?? (() => new Date());
  const holds = new Set<{ timer: NodeJS.Timeout; done: () => void }>();
  app.addHook('onClose', async () => {
    for (const h of holds) {
      clearTimeout(h.timer);
      h.done();
    }
  });
  const hold = (ms: number) =>
    new Promise<void>((resolve) => {
      const entry = { timer: setTimeout(() => finish(), ms), done: () => resolve() };
      const finish = () => {
        holds.delete(entry);
        resolve();
      };
      holds.add(entry);
    });
  const holdMs = (f: ActiveFault) => f.holdMs ?? options.holdMs ?? 30_000;

  // the raw body is what is signed
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  const signed = (request: FastifyRequest, payload: string) => {
    const signature = request.headers['x-signature'];
    return typeof signature === 'string' && verifySignature(options.secret, payload, signature);
  };

  app.post('/payouts', async (request, reply) => {
    const raw = typeof request.body === 'string' ? request.body : '';
    if (!signed(request, raw)) return reply.status(401).send({ status: 'BAD_SIGNATURE' });
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return reply.status(400).send({ status: 'BAD_REQUEST' });
    }
    const parsed = PayoutBodySchema.safeParse(json);
    if (!parsed.success) return reply.status(400).send({ status: 'BAD_REQUEST' });
    const body = parsed.data;
    const existing = store.payouts.get(body.payoutId);
    if (existing) {
      if (existing.amount !== body.amount || existing.toAccountNo !== body.toAccountNo) {
        return reply.status(409).send({ status: 'IDEMPOTENCY_MISMATCH', payoutId: body.payoutId });
      }
      existing.requests += 1;
      return answer(reply, existing);
    }
    const fault = store.take('payout', body.toAccountNo);
    if (fault?.mode === 'error') return reply.status(500).send({ status: 'ERROR' });
    if (fault?.mode === 'timeout') {
      await hold(holdMs(fault));
      return reply.status(504).send({ status: 'TIMEOUT' });
    }
    const record: BankPayoutRecord = {
      ...body,
      status: fault?.mode === 'reject' ? 'REJECTED' : 'PAID',
      bankRef: fault?.mode === 'reject' ? null : `SBX${randomBytes(8).toString('hex').toUpperCase()}`,
      reason: fault?.mode === 'reject' ? fault.reason : null,
      receivedAt: now().toISOString(),
      requests: 1,
    };
    store.payouts.set(record.payoutId, record);
    if (fault?.mode === 'success-then-timeout') {
      await hold(holdMs(fault));
      return reply.status(504).send({ status: 'TIMEOUT' });
    }
    return answer(reply, record);
  });

  app.get<{ Params: { payoutId: string } }>('/payouts/:payoutId', async (request, reply) => {
    if (!signed(request, request.url)) return reply.status(401).send({ status: 'BAD_SIGNATURE' });
    const fault = store.take('status');
    if (fault?.mode === 'error') return reply.status(500).send({ status: 'ERROR' });
    if (fault?.mode === 'timeout' || fault?.mode === 'success-then-timeout') {
      await hold(holdMs(fault));
      return reply.status(504).send({ status: 'TIMEOUT' });
    }
    const record = store.payouts.get(request.params.payoutId);
    if (!record) return reply.status(404).send({ status: 'NOT_FOUND', payoutId: request.params.payoutId });
    return answer(reply, record);
  });

  app.get('/_payouts', async () => ({ payouts: store.list() }));
  app.get('/_payouts.html', async (_request, reply) => reply.type('text/html; charset=utf-8').send(page(store.list())));
  app.get('/_faults', async () => ({ faults: store.listFaults() }));
  app.post('/_faults', async (request, reply) => {
    let json: unknown;
    try {
      json = typeof request.body === 'string' ? JSON.parse(request.body) : request.body;
    } catch {
      json = undefined;
    }
    const parsed = BankFaultSpecSchema.safeParse(json);
    if (!parsed.success) return reply.status(400).send({ status: 'BAD_REQUEST', issues: parsed.error.issues });
    store.setFault(parsed.data);
    return { status: 'SUCCESS', faults: store.listFaults().length };
  });
  app.delete('/_faults', async () => {
    store.clearFaults();
    return { status: 'SUCCESS' };
  });
}

function answer(reply: FastifyReply, record: BankPayoutRecord) {
  if (record.status === 'REJECTED') {
    return reply.status(422).send({ status: 'REJECTED', payoutId: record.payoutId, reason: record.reason });
  }
  return reply.send({
    status: 'PAID',
    payoutId: record.payoutId,
    bankRef: record.bankRef,
    paidAt: record.receivedAt,
    amount: record.amount,
  });
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(payouts: BankPayoutRecord[]): string {
  const rows = payouts
    .map(
      (p) =>
        `<tr data-payout-id="${escapeHtml(p.payoutId)}"><td>${escapeHtml(p.receivedAt)}</td><td>${escapeHtml(p.payoutId)}</td>` +
        `<td>${escapeHtml(p.toBank)} ${escapeHtml(p.toAccountNo)}</td><td>${escapeHtml(p.toAccountName)}</td>` +
        `<td>${(Number(p.amount) / 100).toFixed(2)} ${escapeHtml(p.currency)}</td><td>${p.status}</td>` +
        `<td>${escapeHtml(p.bankRef ?? p.reason ?? '')}</td><td>${p.requests}</td></tr>`,
    )
    .join('');
  return `<!doctype html><html><head><meta charset="utf-8"><title>Sandbox bank: payouts</title>
<style>body{font-family:sans-serif;margin:2rem}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.3rem .6rem}</style>
</head><body><h1>Sandbox bank: payouts received</h1><table><thead><tr><th>received</th><th>payout id</th>
<th>to account</th><th>holder</th><th>amount</th><th>status</th><th>bank ref / reason</th><th>requests</th></tr></thead>
<tbody>${rows}</tbody></table></body></html>`;
}

/** For tests and the server's adapter: sign like a client of this bank. */
export const signBankPayload = signPayload;
