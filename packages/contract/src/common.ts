import { z } from 'zod';
import { MAX_AMOUNT } from './limits.ts';

/** The shortest decimal form of a number (what `String` prints) has at most 2 decimals and no exponent. */
const TWO_DECIMALS = /^-?\d+(\.\d{1,2})?$/;

/**
 * A decimal money amount as the API speaks it: finite, at most 2 decimals, within bounds. The decimals are
 * counted on the shortest decimal form, so 0.999999999 and 1e-9 are refused rather than rounded (docs/design.md §2).
 */
export const MoneySchema = z
  .number()
  .finite()
  .min(0)
  .max(MAX_AMOUNT)
  // the message is the error code the server answers (AMOUNT_DECIMALS), the same text the amount fields show
  .refine((n) => TWO_DECIMALS.test(String(n)), { message: 'AMOUNT_DECIMALS' });

/** A strictly positive amount in a request. */
export const AmountSchema = MoneySchema.refine((n) => n > 0, { message: 'must be positive' });

export const PageRequestSchema = z.object({
  page: z.number().int().min(1).max(100_000),
  limit: z.number().int().min(1).max(100),
});
export type PageRequest = z.infer<typeof PageRequestSchema>;

export const MessageSchema = z.object({ message: z.string() });
export type Message = z.infer<typeof MessageSchema>;

/** `reason` and `values` only for the codes of ERROR_REASONS (errors.ts) */
export const ErrorBodySchema = z.object({
  message: z.string(),
  reason: z.string().optional(),
  values: z.record(z.string(), z.string()).optional(),
});

/** Identifier codes (banks, sources, invites, games, providers): ASCII letters, digits, `_` and `-` only. */
export const CODE_PATTERN = /^[A-Za-z0-9_-]*$/;
export const codeString = (max: number) => z.string().trim().max(max).regex(CODE_PATTERN);

export const CodeParamsSchema = z.object({ code: codeString(64).min(1) });

export const IsoDateSchema = z.string();
