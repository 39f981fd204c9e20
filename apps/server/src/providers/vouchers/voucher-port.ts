/**
 * True Wallet gift links (ซองของขวัญ, docs/design.md §9.5; docs/payments.md §4): verify, then redeem to our receiving phone.
 * Amounts are integer minor units (satang). This file is the port only: the adapter is `http-voucher-provider.ts`
 * beside it, the simulator `packages/sandbox/src/truewallet/`; the deposits module decrypts the client's link.
 *
 * Redeeming is irreversible: a redeem without a definite answer is `unknown`, and the deposits module asks `verify`
 * again (the voucher then shows as redeemed by us, `TARGET_USER_REDEEMED`) before it credits or gives up.
 */

/** TrueMoney's refusals that mean "already taken": spec code TRUELINK_DUPLICATE. */
export type VoucherTaken = 'TARGET_USER_REDEEMED' | 'VOUCHER_OUT_OF_STOCK';

/** TrueMoney's refusals that mean "not a usable voucher": spec code TRUELINK_INVALID. */
export type VoucherInvalid =
  | 'VOUCHER_NOT_FOUND'
  | 'VOUCHER_EXPIRED'
  | 'CANNOT_GET_OWN_VOUCHER'
  | 'TARGET_USER_NOT_FOUND'
  | 'BAD_PARAM'
  | 'INTERNAL_ERROR';

export type VoucherRefusal =
  | { kind: 'taken'; reason: VoucherTaken }
  | { kind: 'invalid'; reason: VoucherInvalid }
  /** no definite answer (timeout, 5xx, Cloudflare challenge) */
  | { kind: 'unknown'; detail: string };

export type VoucherCheck =
  | {
      kind: 'active';
      voucherId: string;
      /** the whole voucher and what one recipient would get (equal split); minor units */
      totalAmount: bigint;
      shareAmount: bigint | null;
      recipients: number;
      expiresAt: Date;
    }
  | VoucherRefusal;

export type VoucherRedeemOutcome =
  | {
      kind: 'redeemed';
      voucherId: string;
      /** our share (`my_ticket.amount_baht`, else `redeemed_amount_baht`): this, not the total, is credited */
      amount: bigint;
      ownerName: string | null;
      redeemedAt: Date;
    }
  | VoucherRefusal;

export interface VoucherProvider {
  verify(hash: string, receivingPhone: string): Promise<VoucherCheck>;
  redeem(hash: string, receivingPhone: string): Promise<VoucherRedeemOutcome>;
}
