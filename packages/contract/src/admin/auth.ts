import { z } from 'zod';
import { MessageSchema } from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';
import { pageOf, PagedQuerySchema } from './paging.ts';
import { OPERATOR_ROLES } from './roles.ts';

export const OperatorRoleSchema = z.enum(OPERATOR_ROLES);
export const OperatorUsernameSchema = z
  .string()
  .trim()
  .min(3)
  .max(32)
  .regex(/^[a-z0-9._-]+$/);

export const AdminLoginRequestSchema = z.object({
  username: z.string().trim().min(1).max(32),
  password: z.string().min(1).max(128),
  /**
   * the 6-digit code of the operator's authenticator app; left out on the first sign-in of an operator whose TOTP is
   * not confirmed yet, which answers with the enrolment QR instead of a token
   */
  totp: z
    .string()
    .regex(/^\d{6}$/)
    .optional(),
  /**
   * `cookie` (the console): the session rides an httpOnly SameSite=Strict cookie shared by the browser's tabs and the
   * answer carries no token; left out (API clients, scripts): the token is in the answer, sent as a Bearer header
   * (docs/decisions/0021-operator-console-session.md)
   */
  session: z.enum(['cookie', 'token']).optional(),
});
export type AdminLoginRequest = z.infer<typeof AdminLoginRequestSchema>;

/** An otpauth:// URI and the same as a QR image (an SVG data URL drawn on the server); shown once. */
export const TotpEnrolmentSchema = z.object({ uri: z.string(), qr: z.string() });
export type TotpEnrolment = z.infer<typeof TotpEnrolmentSchema>;

/** A token, or (right password, TOTP not confirmed yet, no code sent) the QR to enrol with, then sign in again. */
export const AdminLoginResponseSchema = z.union([
  z.object({ token: z.string() }),
  z.object({ signedIn: z.literal(true) }),
  z.object({ enrolment: TotpEnrolmentSchema }),
]);
export type AdminLoginResponse = z.infer<typeof AdminLoginResponseSchema>;

export const AdminMeSchema = z.object({ username: z.string(), roles: z.array(OperatorRoleSchema) });
export type AdminMe = z.infer<typeof AdminMeSchema>;

export const OperatorSessionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** the session this request is made with */
  current: z.boolean(),
});
export type OperatorSession = z.infer<typeof OperatorSessionSchema>;

export const SIGN_IN_OUTCOMES = ['success', 'enrolment', 'wrong', 'locked'] as const;
export const SignInOutcomeSchema = z.enum(SIGN_IN_OUTCOMES);

/** One recorded sign-in attempt (the username as typed, lower case; never the password or the code). */
export const OperatorSignInSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  username: z.string(),
  outcome: SignInOutcomeSchema,
  /** made with the signed device cookie of an earlier sign-in to this account */
  knownDevice: z.boolean(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type OperatorSignIn = z.infer<typeof OperatorSignInSchema>;

export const SignInsQuerySchema = PagedQuerySchema.extend({
  username: z.string().trim().max(32).optional(),
  outcome: SignInOutcomeSchema.optional(),
});

/** Operator sign-in (password + TOTP), session and sign-out. */
export const adminAuthEndpoints = {
  login: defineEndpoint({
    method: 'POST',
    path: '/api/admin/login',
    access: 'public',
    body: AdminLoginRequestSchema,
    response: AdminLoginResponseSchema,
    summary:
      'Operator sign-in with password and TOTP code; returns an operator token (or, before the TOTP is confirmed and without a code, the enrolment QR)',
  }),
  me: defineEndpoint({
    method: 'GET',
    path: '/api/admin/me',
    access: { operator: [] },
    response: AdminMeSchema,
    summary: 'The signed-in operator',
  }),
  sessions: defineEndpoint({
    method: 'GET',
    path: '/api/admin/sessions',
    access: { operator: [] },
    response: z.object({ sessions: z.array(OperatorSessionSchema) }),
    summary: "The signed-in operator's live sessions (not revoked, not expired), newest first",
  }),
  revokeSession: defineEndpoint({
    method: 'POST',
    path: '/api/admin/sessions/:id/revoke',
    access: { operator: [] },
    params: z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{10,64}$/) }),
    response: MessageSchema,
    summary: 'Revoke one of my sessions (audited); NOT_FOUND for a session of another operator',
  }),
  signIns: defineEndpoint({
    method: 'GET',
    path: '/api/admin/sign-ins',
    access: { operator: [] },
    query: SignInsQuerySchema,
    response: pageOf(OperatorSignInSchema),
    summary:
      'Recorded sign-in attempts, newest first: an admin sees every account (filter by username), anyone else those made to their own',
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/api/admin/logout',
    access: { operator: [] },
    response: MessageSchema,
    summary: 'Revoke the operator session',
  }),
};
