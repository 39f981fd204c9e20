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
  /** the 6-digit code of the operator's authenticator app */
  totp: z.string().regex(/^\d{6}$/),
});
export type AdminLoginRequest = z.infer<typeof AdminLoginRequestSchema>;

export const AdminMeSchema = z.object({ username: z.string(), roles: z.array(OperatorRoleSchema) });
export type AdminMe = z.infer<typeof AdminMeSchema>;

/** Operator sign-in (password + TOTP), session and sign-out. */
export const adminAuthEndpoints = {
  login: defineEndpoint({
    method: 'POST',
    path: '/api/admin/login',
    access: 'public',
    body: AdminLoginRequestSchema,
    response: z.object({ token: z.string() }),
    summary: 'Operator sign-in with password and TOTP code; returns an operator token',
  }),
  me: defineEndpoint({
    method: 'GET',
    path: '/api/admin/me',
    access: { operator: [] },
    response: AdminMeSchema,
    summary: 'The signed-in operator',
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/api/admin/logout',
    access: { operator: [] },
    response: MessageSchema,
    summary: 'Revoke the operator session',
  }),
};
