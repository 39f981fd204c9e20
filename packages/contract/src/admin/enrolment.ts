import { z } from 'zod';
import { MessageSchema } from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';
import { TotpEnrolmentSchema } from './auth.ts';

/** The token of an enrolment link: 256 random bits, base64url (docs/decisions/0023-operator-enrolment.md). */
const EnrolmentTokenSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{20,100}$/);
/** An operator password: at least 12 characters (checked in code points by the server), at most 128. */
const OperatorPasswordSchema = z.string().min(1).max(128);
const TotpCodeSchema = z.string().regex(/^\d{6}$/);

export const OpenEnrolmentResponseSchema = z.object({
  username: z.string(),
  /** the authenticator QR and otpauth:// URI: shown only here, to the holder of a live link */
  totp: TotpEnrolmentSchema,
  expiresAt: z.string(),
});
export type OpenEnrolmentResponse = z.infer<typeof OpenEnrolmentResponseSchema>;

/** Shortest operator password, in characters. */
export const OPERATOR_PASSWORD_MIN_CHARS = 12;

/**
 * The operator's own credentials: enrolment from a one-time link (public, rate limited) and changing the password
 * (signed in, current password and an authenticator code).
 */
export const adminAccountEndpoints = {
  openEnrolment: defineEndpoint({
    method: 'POST',
    path: '/api/admin/enrolment/open',
    access: 'public',
    body: z.object({ token: EnrolmentTokenSchema }),
    response: OpenEnrolmentResponseSchema,
    summary: 'The username and authenticator QR behind a live enrolment link (ENROLMENT_INVALID, ENROLMENT_EXPIRED)',
  }),
  enrol: defineEndpoint({
    method: 'POST',
    path: '/api/admin/enrolment',
    access: 'public',
    body: z.object({ token: EnrolmentTokenSchema, password: OperatorPasswordSchema, totp: TotpCodeSchema }),
    response: MessageSchema,
    summary:
      'Finish an enrolment: the operator sets their password and confirms the authenticator with a code; the link is spent',
  }),
  changePassword: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/password',
    access: { operator: [] },
    body: z.object({
      currentPassword: z.string().min(1).max(128),
      newPassword: OperatorPasswordSchema,
      totp: TotpCodeSchema,
    }),
    response: MessageSchema,
    summary: "Change the signed-in operator's password (current password and a code); ends their other sessions",
  }),
};
