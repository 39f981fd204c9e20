import { z } from 'zod';
import { MessageSchema } from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';
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
});
export type AdminLoginRequest = z.infer<typeof AdminLoginRequestSchema>;

/** An otpauth:// URI and the same as a QR image (an SVG data URL drawn on the server); shown once. */
export const TotpEnrolmentSchema = z.object({ uri: z.string(), qr: z.string() });
export type TotpEnrolment = z.infer<typeof TotpEnrolmentSchema>;

/** A token, or (right password, TOTP not confirmed yet, no code sent) the QR to enrol with, then sign in again. */
export const AdminLoginResponseSchema = z.union([
  z.object({ token: z.string() }),
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
  logout: defineEndpoint({
    method: 'POST',
    path: '/api/admin/logout',
    access: { operator: [] },
    response: MessageSchema,
    summary: 'Revoke the operator session',
  }),
};
