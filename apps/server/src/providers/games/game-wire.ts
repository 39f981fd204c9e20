import { createHmac } from 'node:crypto';
import { z } from 'zod';

/**
 * The transfer-wallet wire protocol (see packages/sandbox/src/games/games-plugin.ts for the full description):
 * JSON over HTTP, `x-agent` + `x-signature` = hex HMAC-SHA256(secret, raw body | path + query for GETs),
 * amounts as strings of integer minor units. Every answer is parsed here like user input.
 */
export function signPayload(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload, 'utf8').digest('hex');
}

const Minor = z
  .string()
  .regex(/^\d{1,19}$/)
  .transform(BigInt);
const Id = z.string().min(1).max(128);

export const TransferSuccessSchema = z.object({
  status: z.literal('SUCCESS'),
  refId: Id,
  balanceBefore: Minor,
  balanceAfter: Minor,
  /** optional on the wire: providers without balance versions are ordered by when we asked (ADR 0024) */
  balanceVersion: Minor.optional(),
});

/** A definite refusal; anything else in a 4xx is not trusted as one. */
export const RefusalSchema = z.object({
  status: z.enum(['FAILED', 'INSUFFICIENT_BALANCE']),
  code: z.string().max(64).optional(),
  message: z.string().max(500).optional(),
});

/** What the provider applied under our id (GET transfers/:id, and a cancel that came too late). */
const AppliedTransferSchema = z.object({
  status: z.literal('SUCCESS'),
  transferId: Id,
  refId: Id,
  direction: z.enum(['deposit', 'withdraw']),
  amount: Minor,
});

/** GET transfers/:id. CANCELLED (a tombstoned id) means it was never applied and never will be. */
export const TransferStatusSchema = z.discriminatedUnion('status', [
  AppliedTransferSchema,
  z.object({ status: z.literal('NOT_FOUND'), transferId: Id }),
  z.object({ status: z.literal('CANCELLED'), transferId: Id }),
]);

/** POST transfers/:id/cancel: tombstoned now or before (CANCELLED), or applied before the cancel (SUCCESS). */
export const CancelAnswerSchema = z.discriminatedUnion('status', [
  AppliedTransferSchema,
  z.object({ status: z.literal('CANCELLED'), transferId: Id }),
]);

export const OkSchema = z.object({ status: z.literal('SUCCESS') });
export const BalanceSchema = z.object({
  status: z.literal('SUCCESS'),
  balance: Minor,
  balanceVersion: Minor.optional(),
});
export const LaunchSchema = z.object({ status: z.literal('SUCCESS'), url: z.url({ protocol: /^https?$/ }).max(2048) });
export const BetsSchema = z
  .array(
    z.object({
      betId: Id,
      stake: Minor,
      payout: Minor,
      placedAt: z.iso.datetime({ offset: true }).transform((s) => new Date(s)),
    }),
  )
  .max(100_000);

/** GET bets?from&to: every player's bets in the range. */
export const RangeBetsSchema = z
  .array(
    z.object({
      betId: Id,
      username: z.string().min(1).max(64),
      stake: Minor,
      payout: Minor,
      placedAt: z.iso.datetime({ offset: true }).transform((s) => new Date(s)),
    }),
  )
  .max(100_000);

/** GET winloss?date: a Bangkok day's figures per player (win/loss may be negative). */
export const WinLossSchema = z.object({
  status: z.literal('SUCCESS'),
  players: z
    .array(
      z.object({
        username: z.string().min(1).max(64),
        validBets: Minor,
        winLoss: z
          .string()
          .regex(/^-?\d{1,18}$/)
          .transform(BigInt),
        betCount: z.number().int().nonnegative(),
      }),
    )
    .max(100_000),
});
