/**
 * Sandbox TrueMoney gift vouchers (ซองของขวัญ, docs/payments.md §4). Mount with a prefix, normally `/sandbox/truewallet`.
 *
 * Control (loopback or X-Sandbox-Key):
 *   POST /vouchers {amount (baht), recipients? (default 1), status?: 'expired'} → {link, hash}
 * The TrueMoney API (envelope `{status:{code,message}, data}`):
 *   GET  /campaign/vouchers/:hash/verify?mobile=0891234567
 *   POST /campaign/vouchers/:hash/redeem {mobile, voucher_hash}
 *   Codes: SUCCESS, VOUCHER_NOT_FOUND, VOUCHER_EXPIRED, VOUCHER_OUT_OF_STOCK, TARGET_USER_REDEEMED,
 *   CANNOT_GET_OWN_VOUCHER, BAD_PARAM. Equal split: each recipient redeems amount / recipients.
 * Bounded: the newest `capacity` vouchers (default 10,000) are kept; an older one answers VOUCHER_NOT_FOUND.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { BoundedMap } from '../bounded-map.ts';

type Voucher = {
  hash: string;
  amountSatang: bigint;
  recipients: number;
  redeemedBy: Map<string, bigint>;
  expired: boolean;
  ownerMobile: string;
};

const baht = (satang: bigint) => `${satang / 100n}.${String(satang % 100n).padStart(2, '0')}`;

export const trueWalletPlugin: FastifyPluginAsync<{ now?: () => Date; capacity?: number }> = async (app, options) => {
  const vouchers = new BoundedMap<string, Voucher>(options.capacity ?? 10_000);

  app.post('/vouchers', async (request, reply) => {
    const body = request.body as { amount?: unknown; recipients?: unknown; status?: unknown } | null;
    const amount = typeof body?.amount === 'number' && body.amount > 0 && body.amount <= 1e6 ? body.amount : null;
    const recipients = typeof body?.recipients === 'number' ? Math.trunc(body.recipients) : 1;
    if (amount === null || recipients < 1 || recipients > 50)
      return reply.status(400).send({ status: 'FAILED', code: 'INVALID_REQUEST' });
    const hash = randomBytes(12).toString('base64url').replace(/[-_]/g, 'x').slice(0, 18);
    vouchers.set(hash, {
      hash,
      amountSatang: BigInt(Math.round(amount * 100)),
      recipients,
      redeemedBy: new Map(),
      expired: body?.status === 'expired',
      ownerMobile: '0800000000',
    });
    return { link: `https://gift.truemoney.com/campaign/?v=${hash}`, hash };
  });

  const envelope = (code: string, data: unknown = null) => ({ status: { code, message: code }, data });
  const view = (v: Voucher, mobile: string) => {
    const share = v.amountSatang / BigInt(v.recipients);
    const mine = v.redeemedBy.get(mobile);
    return {
      voucher: {
        voucher_id: `V${v.hash.slice(0, 8)}`,
        amount_baht: baht(v.amountSatang),
        redeemed_amount_baht: baht([...v.redeemedBy.values()].reduce((a, b) => a + b, 0n)),
        member: v.recipients,
        status: v.expired ? 'expired' : v.redeemedBy.size >= v.recipients ? 'redeemed' : 'active',
        type: 'F',
        redeemed: v.redeemedBy.size,
        available: v.recipients - v.redeemedBy.size,
        expire_date: Date.now() + 86_400_000,
      },
      owner_profile: { full_name: 'สมชาย ***' },
      ...(mine !== undefined ? { my_ticket: { mobile, amount_baht: baht(mine) } } : {}),
      share_baht: baht(share),
    };
  };
  const refusal = (v: Voucher | undefined, mobile: string): string | null => {
    if (!/^0\d{9}$/.test(mobile)) return 'BAD_PARAM';
    if (!v) return 'VOUCHER_NOT_FOUND';
    if (v.expired) return 'VOUCHER_EXPIRED';
    if (mobile === v.ownerMobile) return 'CANNOT_GET_OWN_VOUCHER';
    if (v.redeemedBy.has(mobile)) return 'TARGET_USER_REDEEMED';
    if (v.redeemedBy.size >= v.recipients) return 'VOUCHER_OUT_OF_STOCK';
    return null;
  };

  app.get('/campaign/vouchers/:hash/verify', async (request, reply) => {
    const { hash } = request.params as { hash: string };
    const mobile = String((request.query as { mobile?: unknown }).mobile ?? '');
    const v = vouchers.get(hash);
    const code = refusal(v, mobile);
    if (code) return reply.status(code === 'BAD_PARAM' ? 400 : 200).send(envelope(code, v ? view(v, mobile) : null));
    return envelope('SUCCESS', view(v!, mobile));
  });

  app.post('/campaign/vouchers/:hash/redeem', async (request, reply) => {
    const { hash } = request.params as { hash: string };
    const body = request.body as { mobile?: unknown; voucher_hash?: unknown } | null;
    const mobile = typeof body?.mobile === 'string' ? body.mobile : '';
    if (body?.voucher_hash !== hash) return reply.status(400).send(envelope('BAD_PARAM'));
    const v = vouchers.get(hash);
    const code = refusal(v, mobile);
    if (code) return reply.status(code === 'BAD_PARAM' ? 400 : 200).send(envelope(code, v ? view(v, mobile) : null));
    v!.redeemedBy.set(mobile, v!.amountSatang / BigInt(v!.recipients));
    return envelope('SUCCESS', view(v!, mobile));
  });
};
