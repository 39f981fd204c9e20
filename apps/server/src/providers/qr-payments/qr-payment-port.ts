import type { QrProvider } from '@wallet/contract/limits';

/**
 * A dynamic-QR payment provider (docs/design.md §9.5; docs/payments.md §1–2): KBANK, WW, PAYTIMZ, PAYONEX, ZPAY for Thai
 * PromptPay, LAPNet in the Lao variant. Amounts are integer minor units. This file is the port only: the HTTP adapter is
 * `http-qr-provider.ts` beside it, the simulator `packages/sandbox/src/qr-payments/`.
 *
 * Money discipline: a `paid` event or status is credited once per `providerTxnId`, whatever the QR's own state
 * (money that arrives for an expired or cancelled QR is never dropped).
 */

export type CreateQrRequest = {
  /** our id of this QR (the player's qrcodeId): the provider's idempotency key and reference (Ref2) */
  paymentId: string;
  /** who pays (Ref1), our member id */
  memberRef: string;
  /** minor units */
  amount: bigint;
  currency: 'THB' | 'LAK';
};

export type CreateQrOutcome =
  | {
      kind: 'created';
      /** the provider's reference of this QR */
      providerRef: string;
      /** the EMVCo payload the player's app renders as a QR */
      qrPayload: string;
      expiresAt: Date;
    }
  /** definite refusal (amount outside the provider's range, merchant disabled...) */
  | { kind: 'rejected'; detail: string }
  /** no definite answer: nothing is shown to the player (QR_FAIL); the QR may exist unpaid at the provider */
  | { kind: 'unavailable'; detail: string };

/** A payment the provider reports for one of our QRs. */
export type QrPayment = {
  providerTxnId: string;
  paymentId: string;
  /** minor units actually paid (may differ from the QR's amount) */
  amount: bigint;
  paidAt: Date;
};

export type QrPaymentStatus =
  | { kind: 'paid'; payment: QrPayment }
  | { kind: 'pending' }
  | { kind: 'expired' }
  | { kind: 'cancelled' }
  | { kind: 'not_found' }
  | { kind: 'unknown'; detail: string };

/** A webhook call exactly as received: the signature covers the raw bytes, never a re-serialised body. */
export type QrWebhookRequest = {
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
};

export type QrWebhookVerification =
  | { kind: 'valid'; event: { kind: 'paid'; payment: QrPayment } | { kind: 'failed'; paymentId: string } }
  /** signature missing or wrong (answered 401, stored nowhere) */
  | { kind: 'invalid_signature' }
  /** signed but unreadable (logged for an operator; answered 400) */
  | { kind: 'malformed'; detail: string };

export interface QrPaymentProvider {
  readonly provider: QrProvider;
  createQr(request: CreateQrRequest): Promise<CreateQrOutcome>;
  /**
   * cancel our QR at the provider: `cancelled` (nobody can pay it any more), `paid` (too late: it was paid, the
   * payment is credited as usual) or `unknown` (no definite answer; a payment that still arrives is credited)
   */
  cancelQr(paymentId: string): Promise<'cancelled' | 'paid' | 'unknown'>;
  /** status inquiry, for a late webhook */
  inquire(paymentId: string, providerRef: string): Promise<QrPaymentStatus>;
  /** checks the webhook's signature against the provider's secret (constant-time) and reads its event */
  verifyWebhook(request: QrWebhookRequest): QrWebhookVerification;
}
