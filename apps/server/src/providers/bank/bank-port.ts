/**
 * What the server needs from the bank side (docs/design.md §9.4–9.5): slip verification for deposits and payouts for
 * withdrawals. Amounts are integer minor units (satang; 1/100 kip). The HTTP adapters are beside it
 * (`http-slip-verifier.ts`, `http-payout-bank.ts`), the simulators in `packages/sandbox/src/bank-*`; this file is the port.
 *
 * Outcome discipline (as for games, docs/design.md §3): an adapter answers `verified` / `paid` / `rejected` only when the
 * other side answered definitely. A timeout, a 5xx or an unreadable answer is `unavailable` (slips: the slip stays
 * in progress and a job asks again) or `unknown` (payouts: the payout stays pending and the payout reconciler asks
 * `payoutStatus` with the same id). A payout is never re-sent under a new id.
 */

/** A slip's identity, read from its mini-QR (docs/payments.md §3.1): 3-digit Bank of Thailand code and reference. */
export type SlipReference = { sendingBank: string; transRef: string };

/** One side of a verified transfer; account and proxy values are masked by the banks (`xxx-x-x1234-x`). */
export type SlipParty = {
  /** 3-digit bank code */
  bank: string;
  /** Thai display name and English name, both truncated by the banks */
  displayName: string | null;
  name: string | null;
  account: { type: 'BANKAC' | 'TOKEN' | 'DUMMY'; value: string } | null;
  proxy: { type: 'NATID' | 'MSISDN' | 'EWALLETID' | 'EMAIL' | 'BILLERID'; value: string } | null;
};

export type VerifiedSlip = SlipReference & {
  receivingBank: string;
  /** minor units */
  amount: bigint;
  currency: 'THB' | 'LAK';
  transferredAt: Date;
  sender: SlipParty;
  receiver: SlipParty;
};

/**
 * - `verified`: the bank knows the transfer; the deposits module applies its own rules (receiver ours, sender the
 *   member's account, age, minimum, `{sendingBank}.{transRef}` unused).
 * - `not_found`: the bank definitely has no such transfer (slip note INVALID_SLIP).
 * - `unavailable`: no definite answer (outage, timeout, vendor "bank delay"); ask again after `retryAfterMs` if
 *   given (slip note UNKNOW_ERROR only once the retries give up).
 */
export type SlipVerification =
  | { kind: 'verified'; slip: VerifiedSlip }
  | { kind: 'not_found' }
  | { kind: 'unavailable'; detail: string; retryAfterMs?: number };

export interface SlipVerifier {
  verifySlip(reference: SlipReference): Promise<SlipVerification>;
}

export type PayoutRequest = {
  /** our withdrawal id: the bank's idempotency key, so a repeated request can never pay twice */
  payoutId: string;
  /** minor units */
  amount: bigint;
  currency: 'THB' | 'LAK';
  /** the member's registered payout account */
  toBank: string;
  toAccountNo: string;
  toAccountName: string;
};

/** Definite refusals: nothing was paid, the withdrawal's pending posting can be reversed. */
export type PayoutRejection =
  'INVALID_ACCOUNT' | 'ACCOUNT_NAME_MISMATCH' | 'INSUFFICIENT_FUNDS' | 'LIMIT_EXCEEDED' | 'REFUSED';

/**
 * - `paid`: the money left our account (`bankRef` is the bank's transaction reference).
 * - `rejected`: definitely not paid.
 * - `pending`: the bank accepted the request and has not finished; ask `payoutStatus` later.
 * - `unknown`: no definite answer (timeout, 5xx, unreadable): the money may or may not have left; ask
 *   `payoutStatus(payoutId)` later and never pay again under another id.
 */
export type PayoutOutcome =
  | { kind: 'paid'; bankRef: string; paidAt: Date }
  | { kind: 'rejected'; reason: PayoutRejection; detail: string }
  | { kind: 'pending' }
  | { kind: 'unknown'; detail: string };

/** The bank's view of a payout id: as `PayoutOutcome`, plus `not_found` (the bank never received it). */
export type PayoutStatus = PayoutOutcome | { kind: 'not_found' };

export interface PayoutBank {
  requestPayout(request: PayoutRequest): Promise<PayoutOutcome>;
  payoutStatus(payoutId: string): Promise<PayoutStatus>;
}

/** The `bank` port: often two vendors (a slip verifier, the paying bank) behind one object. */
export type BankPort = SlipVerifier & PayoutBank;
