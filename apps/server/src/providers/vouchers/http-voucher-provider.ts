import { z } from 'zod';
import type { FetchLike } from '../games/http-game-provider.ts';
import type {
  VoucherCheck,
  VoucherInvalid,
  VoucherProvider,
  VoucherRedeemOutcome,
  VoucherRefusal,
  VoucherTaken,
} from './voucher-port.ts';

/** TrueMoney's voucher API over HTTP (docs/payments.md §4): verify, then redeem to our receiving phone. */
export type HttpVoucherOptions = { baseUrl: string; timeoutMs?: number; fetch?: () => FetchLike };

const Money = z.string().regex(/^\d{1,9}\.\d{2}$/);
const EnvelopeSchema = z.object({
  status: z.object({ code: z.string().max(64) }),
  data: z
    .object({
      voucher: z.object({
        voucher_id: z.string(),
        amount_baht: Money,
        redeemed_amount_baht: Money,
        member: z.number().int().positive(),
        expire_date: z.number().optional(),
      }),
      owner_profile: z.object({ full_name: z.string() }).optional(),
      my_ticket: z.object({ amount_baht: Money }).optional(),
    })
    .nullable(),
});
const TAKEN: readonly string[] = ['TARGET_USER_REDEEMED', 'VOUCHER_OUT_OF_STOCK'];
const INVALID: readonly string[] = [
  'VOUCHER_NOT_FOUND',
  'VOUCHER_EXPIRED',
  'CANNOT_GET_OWN_VOUCHER',
  'TARGET_USER_NOT_FOUND',
  'BAD_PARAM',
  'INTERNAL_ERROR',
];
const satang = (text: string) => BigInt(text.replace('.', ''));

function refusalOf(code: string): VoucherRefusal {
  if (TAKEN.includes(code)) return { kind: 'taken', reason: code as VoucherTaken };
  if (INVALID.includes(code)) return { kind: 'invalid', reason: code as VoucherInvalid };
  return { kind: 'unknown', detail: `code ${code}` };
}

export class HttpVoucherProvider implements VoucherProvider {
  constructor(private readonly options: HttpVoucherOptions) {}

  private async call(method: 'GET' | 'POST', path: string, body?: unknown) {
    const fetcher = this.options.fetch?.() ?? (globalThis.fetch as FetchLike);
    const res = await fetcher(`${this.options.baseUrl.replace(/\/$/, '')}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 8000),
    });
    let json: unknown = null;
    try {
      json = JSON.parse(await res.text()) as unknown;
    } catch {
      json = null;
    }
    return EnvelopeSchema.safeParse(json);
  }

  async verify(hash: string, receivingPhone: string): Promise<VoucherCheck> {
    try {
      const parsed = await this.call(
        'GET',
        `/campaign/vouchers/${encodeURIComponent(hash)}/verify?mobile=${encodeURIComponent(receivingPhone)}`,
      );
      if (!parsed.success) return { kind: 'unknown', detail: 'unreadable answer' };
      const { status, data } = parsed.data;
      if (status.code !== 'SUCCESS') return refusalOf(status.code);
      if (!data) return { kind: 'unknown', detail: 'SUCCESS without data' };
      const total = satang(data.voucher.amount_baht);
      return {
        kind: 'active',
        voucherId: data.voucher.voucher_id,
        totalAmount: total,
        shareAmount: total / BigInt(data.voucher.member),
        recipients: data.voucher.member,
        expiresAt: new Date(data.voucher.expire_date ?? 0),
      };
    } catch (err) {
      return { kind: 'unknown', detail: err instanceof Error ? err.message : String(err) };
    }
  }

  async redeem(hash: string, receivingPhone: string): Promise<VoucherRedeemOutcome> {
    try {
      const parsed = await this.call('POST', `/campaign/vouchers/${encodeURIComponent(hash)}/redeem`, {
        mobile: receivingPhone,
        voucher_hash: hash,
      });
      if (!parsed.success) return { kind: 'unknown', detail: 'unreadable answer' };
      const { status, data } = parsed.data;
      if (status.code !== 'SUCCESS') return refusalOf(status.code);
      if (!data) return { kind: 'unknown', detail: 'SUCCESS without data' };
      return {
        kind: 'redeemed',
        voucherId: data.voucher.voucher_id,
        amount: satang(data.my_ticket?.amount_baht ?? data.voucher.redeemed_amount_baht),
        ownerName: data.owner_profile?.full_name ?? null,
        redeemedAt: new Date(),
      };
    } catch (err) {
      return { kind: 'unknown', detail: err instanceof Error ? err.message : String(err) };
    }
  }
}
