import { createHmac } from 'node:crypto';
import { z } from 'zod';
import type { FetchLike } from '../games/http-game-provider.ts';
import type { SlipParty, SlipReference, SlipVerification, SlipVerifier } from './bank-port.ts';

/**
 * A slip-verification vendor over HTTP in the SCB / SlipOK / RDCW shape (docs/payments.md §3.2):
 * `GET {baseUrl}/verify/{transRef}?sendingBank=004` with `x-api-key`. 404 / vendor code 1011 is a definite
 * "no such transfer"; anything else that is not a readable 200 is `unavailable` (the slip stays in progress).
 */
export type HttpSlipVerifierOptions = {
  baseUrl: string;
  /** the shared provider secret; the API key is `hex HMAC-SHA256(secret, "slip-verify")` */
  secret: string;
  timeoutMs?: number;
  fetch?: () => FetchLike;
};

const PartySchema = z.object({
  displayName: z.string().nullable().optional(),
  name: z.string().nullable().optional(),
  account: z
    .object({ type: z.enum(['BANKAC', 'TOKEN', 'DUMMY']), value: z.string().max(40) })
    .nullable()
    .optional(),
  proxy: z
    .object({ type: z.enum(['NATID', 'MSISDN', 'EWALLETID', 'EMAIL', 'BILLERID']), value: z.string().max(60) })
    .nullable()
    .optional(),
});
const AnswerSchema = z.object({
  success: z.literal(true),
  data: z.object({
    transRef: z.string().min(1).max(40),
    sendingBank: z.string().regex(/^\d{3}$/),
    receivingBank: z.string().regex(/^\d{3}$/),
    transTimestamp: z.iso.datetime({ offset: true }),
    amount: z.number().positive().max(1e10),
    paidLocalCurrency: z.string().optional(),
    sender: PartySchema,
    receiver: PartySchema,
  }),
});

const party = (bank: string, p: z.infer<typeof PartySchema>): SlipParty => ({
  bank,
  displayName: p.displayName ?? null,
  name: p.name ?? null,
  account: p.account ?? null,
  proxy: p.proxy ?? null,
});

export class HttpSlipVerifier implements SlipVerifier {
  private readonly apiKey: string;
  constructor(private readonly options: HttpSlipVerifierOptions) {
    this.apiKey = createHmac('sha256', options.secret).update('slip-verify').digest('hex');
  }

  async verifySlip(reference: SlipReference): Promise<SlipVerification> {
    const url = `${this.options.baseUrl.replace(/\/$/, '')}/verify/${encodeURIComponent(reference.transRef)}?sendingBank=${encodeURIComponent(reference.sendingBank)}`;
    try {
      const fetcher = this.options.fetch?.() ?? (globalThis.fetch as FetchLike);
      const res = await fetcher(url, {
        method: 'GET',
        headers: { 'x-api-key': this.apiKey },
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 8000),
      });
      const text = await res.text();
      let json: unknown = null;
      try {
        json = JSON.parse(text) as unknown;
      } catch {
        json = null;
      }
      const code = (json as { code?: unknown } | null)?.code;
      if (res.status === 404 || code === 1011 || code === 1008) return { kind: 'not_found' };
      const parsed = AnswerSchema.safeParse(json);
      if (res.status !== 200 || !parsed.success)
        return { kind: 'unavailable', detail: `answer ${res.status} ${String(code ?? '')}` };
      const d = parsed.data.data;
      if (d.transRef !== reference.transRef || d.sendingBank !== reference.sendingBank)
        return { kind: 'unavailable', detail: 'answer for another slip' };
      return {
        kind: 'verified',
        slip: {
          transRef: d.transRef,
          sendingBank: d.sendingBank,
          receivingBank: d.receivingBank,
          amount: BigInt(Math.round(d.amount * 100)),
          currency: 'THB',
          transferredAt: new Date(d.transTimestamp),
          sender: party(d.sendingBank, d.sender),
          receiver: party(d.receivingBank, d.receiver),
        },
      };
    } catch (err) {
      return { kind: 'unavailable', detail: err instanceof Error ? err.message : String(err) };
    }
  }
}

/** In-process transport bound by the sandbox module; default fetch. */
const transports = new WeakMap<object, FetchLike>();
export function bindBankTransport(owner: object, fetch: FetchLike): void {
  transports.set(owner, fetch);
}
export function boundBankTransport(owner: object): FetchLike | undefined {
  return transports.get(owner);
}
