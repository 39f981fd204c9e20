import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * One-time codes sent by SMS during registration. Code and token are stored only as peppered
 * hashes; a row is verified at most once and allows at most OTP_MAX_VERIFY_ATTEMPTS guesses.
 */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** normalised phone number (the future username) */
    phone: text('phone').notNull(),
    /** HMAC of the otpToken handed to the client */
    tokenHash: text('token_hash').notNull(),
    /** HMAC of token hash + the 6-digit code */
    codeHash: text('code_hash').notNull(),
    /** short human reference printed in the SMS and shown next to the code input */
    ref: text('ref').notNull(),
    ip: text('ip'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** set when a newer code was sent to the same phone */
    invalidatedAt: timestamp('invalidated_at', { withTimezone: true }),
    /** `register` (sign-up) or `bank-change` (step-up before a payout-account change) */
    purpose: text('purpose').notNull().default('register'),
    /** HMAC of the single-use ticket handed to the client that verified the code (ASVS 6.6.2) */
    ticketHash: text('ticket_hash'),
    /** when the ticket was spent (a registration succeeded with it) */
    ticketUsedAt: timestamp('ticket_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('otp_codes_token_uq').on(t.tokenHash),
    index('otp_codes_phone_created_idx').on(t.phone, t.createdAt),
    check('otp_codes_attempts_ck', sql`${t.attempts} >= 0`),
    check('otp_codes_purpose_ck', sql`${t.purpose} in ('register', 'bank-change', 'password-reset')`),
    uniqueIndex('otp_codes_ticket_uq').on(t.ticketHash),
  ],
);
