import { createHmac } from 'node:crypto';
import { currentRequest } from '../../observability/request-context.ts';
import type { PayoutBank, PayoutOutcome, PayoutRejection, PayoutRequest, PayoutStatus } from './bank-port.ts';

type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; signal?: AbortSignal },
) => Promise<{ status: number; text(): Promise<string> }>;

export type HttpPayoutBankOptions = {
  /** root of the bank's payout API, e.g. `${publicUrl}/sandbox/bank` */
  baseUrl: string;
  /** shared HMAC secret */
  secret: string;
  /** per call (default 5 s): past it the outcome is unknown and the reconciler asks */
  timeoutMs?: number;
  fetch?: FetchLike;
};

const REJECTIONS = new Set<PayoutRejection>([
  'INVALID_ACCOUNT',
  'ACCOUNT_NAME_MISMATCH',
  'INSUFFICIENT_FUNDS',
  'LIMIT_EXCEEDED',
  'REFUSED',
]);

const sign = (secret: string, payload: string) => createHmac('sha256', secret).update(payload, 'utf8').digest('hex');

/**
 * The paying bank over HTTP (packages/sandbox/src/bank-payouts speaks the same protocol). Only a definite answer
 * becomes `paid` / `rejected` / `not_found`; a timeout, a 5xx, a 409 or an unreadable body is `unknown`
 * (bank-port.ts: the payout stays pending and the reconciler asks `payoutStatus` with the same id).
 */
export class HttpPayoutBank implements PayoutBank {
  private readonly fetch: FetchLike;
  private readonly timeoutMs: number;
  private readonly baseUrl: string;

  constructor(private readonly options: HttpPayoutBankOptions) {
    this.fetch = options.fetch ?? (globalThis.fetch as unknown as FetchLike);
    this.timeoutMs = options.timeoutMs ?? 5_000;
    this.baseUrl = options.baseUrl.replace(/\/$/, '');
  }

  async requestPayout(request: PayoutRequest): Promise<PayoutOutcome> {
    const body = JSON.stringify({
      payoutId: request.payoutId,
      amount: request.amount.toString(),
      currency: request.currency,
      toBank: request.toBank,
      toAccountNo: request.toAccountNo,
      toAccountName: request.toAccountName,
    });
    const answer = await this.call('POST', '/payouts', body);
    return answer.kind === 'unknown' ? answer : this.outcome(answer.status, answer.json);
  }

  async payoutStatus(payoutId: string): Promise<PayoutStatus> {
    const answer = await this.call('GET', `/payouts/${encodeURIComponent(payoutId)}`);
    if (answer.kind === 'unknown') return answer;
    if (answer.status === 404 && field(answer.json, 'status') === 'NOT_FOUND') return { kind: 'not_found' };
    return this.outcome(answer.status, answer.json);
  }

  private outcome(status: number, json: unknown): PayoutOutcome {
    const state = field(json, 'status');
    if (status === 200 && state === 'PAID') {
      const bankRef = field(json, 'bankRef');
      const paidAt = new Date(String(field(json, 'paidAt')));
      if (typeof bankRef === 'string' && bankRef && !Number.isNaN(paidAt.getTime())) {
        return { kind: 'paid', bankRef, paidAt };
      }
    }
    if (status === 422 && state === 'REJECTED') {
      const reason = field(json, 'reason');
      const known = REJECTIONS.has(reason as PayoutRejection) ? (reason as PayoutRejection) : 'REFUSED';
      return { kind: 'rejected', reason: known, detail: String(reason) };
    }
    if (status === 202 && state === 'PENDING') return { kind: 'pending' };
    return { kind: 'unknown', detail: `HTTP ${status} ${String(state)}` };
  }

  private async call(
    method: 'GET' | 'POST',
    path: string,
    body?: string,
  ): Promise<{ kind: 'answer'; status: number; json: unknown } | { kind: 'unknown'; detail: string }> {
    const url = new URL(`${this.baseUrl}${path}`);
    const headers: Record<string, string> = {
      accept: 'application/json',
      'x-signature': sign(this.options.secret, body ?? url.pathname + url.search),
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const request = currentRequest();
    if (request) headers['x-request-id'] = request.requestId;
    try {
      const response = await this.fetch(url.href, {
        method,
        headers,
        ...(body === undefined ? {} : { body }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      const text = await response.text();
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      return { kind: 'answer', status: response.status, json };
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      return { kind: 'unknown', detail: timedOut ? `timeout after ${this.timeoutMs} ms` : 'network error' };
    }
  }
}

const field = (json: unknown, key: string): unknown =>
  json !== null && typeof json === 'object' ? (json as Record<string, unknown>)[key] : undefined;
