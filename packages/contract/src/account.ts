import { z } from 'zod';
import { codeString, MessageSchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';

export const LoginRequestSchema = z.object({
  username: z.string().min(1).max(32),
  password: z.string().min(1).max(128),
  /** remember me: the session lives 30 days (renewed silently), else 12 hours */
  remember: z.boolean().optional(),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;
/**
 * `token` is the short access JWT (15 minutes); `refreshToken` renews it through `POST /api/session/renew`
 * while the session lives (docs/decisions/0017-otp-ticket-step-up-sessions.md).
 */
export const LoginResponseSchema = z.object({ token: z.string(), refreshToken: z.string().optional() });
export const RenewRequestSchema = z.object({ refreshToken: z.string().min(1).max(200) });

const name = z.string().trim().min(1).max(100);
/**
 * The single-use ticket `POST /api/otp/verify` hands the client that verified the phone (ASVS 6.6.2): registration
 * requires it while the OTP-on-register setting is on, and only its holder is told OTP_VERIFIED. An extra field the
 * original backend ignores (docs/decisions/0017-otp-ticket-step-up-sessions.md).
 */
const otpTicket = z.string().max(100).optional();
export const RegisterRequestSchema = z.object({
  name,
  username: z.string().trim().min(1).max(20),
  password: z.string().min(1).max(128),
  sourceCode: codeString(32).optional().default(''),
  inviteCode: codeString(32).optional().default(''),
  bankCode: codeString(16),
  bankAccountName: z.string().trim().min(1).max(100),
  bankAccountNo: z.string().trim().min(1).max(20),
  /** the Lao variant's wallet currency (LAO_CURRENCIES); other variants accept and ignore any value */
  currency: z.string().max(16).optional(),
  otpTicket,
});
export type RegisterRequest = z.infer<typeof RegisterRequestSchema>;
/** Steps 3 and 4 validate what they have so far; bank fields arrive at step 4. */
export const ValidateRequestSchema = RegisterRequestSchema.partial({
  bankCode: true,
  bankAccountName: true,
  bankAccountNo: true,
});

export const ProfileSchema = z.object({
  _id: z.string(),
  name: z.string(),
  username: z.string(),
  createdAt: z.string(),
  coin: z.number(),
  currency: z.string(),
  bankCode: z.string(),
  bankAccountName: z.string(),
  bankAccountNo: z.string(),
  bank: z.object({ nameTH: z.string() }),
  /** ISO time until which withdrawals wait after a payout-account change; null when they do not (docs/decisions/0017) */
  payoutCoolingUntil: z.string().nullable().optional(),
});
export type Profile = z.infer<typeof ProfileSchema>;

export const UpdateProfileRequestSchema = z.object({
  name: name.optional(),
  bankCode: codeString(16).optional(),
  bankAccountName: z.string().trim().min(1).max(100).optional(),
  bankAccountNo: z.string().trim().min(1).max(20).optional(),
  /**
   * Step-up for a new bankCode or bankAccountNo (ASVS 7.5.1): the token of `POST /api/account/profile/otp` and the
   * code sent to the member's phone. Without them such a change answers UNVERIFIED_OTP.
   */
  otpToken: z.string().min(1).max(200).optional(),
  otpCode: z.string().min(1).max(10).optional(),
});
export const BankAccountNameRequestSchema = z.object({
  bankCode: codeString(16),
  bankAccountName: z.string().trim().min(1).max(100),
});
export const ChangePasswordRequestSchema = z.object({
  oldPassword: z.string().min(1).max(128),
  newPassword: z.string().min(1).max(128),
});

export const OtpSendRequestSchema = z.object({ phoneNumber: z.string().trim().min(1).max(20), otpTicket });
export const OtpSendResponseSchema = z.object({ otpRef: z.string(), otpToken: z.string(), code: z.string() });
export const OtpVerifyRequestSchema = z.object({
  otpToken: z.string().min(1).max(200),
  otpCode: z.string().min(1).max(10),
});
export const OtpVerifyResponseSchema = z.object({
  code: z.string(),
  message: z.string(),
  /** present on a registration verification: send it with otp/send, account/validate and account */
  otpTicket: z.string().optional(),
});

/** Forgot password, step 1: the code goes to the phone if it is a member's; the answer is the same either way. */
export const ForgotPasswordRequestSchema = z.object({ phoneNumber: z.string().trim().min(1).max(20) });
/** Forgot password, step 3: the ticket from verifying the code, and the new password (sign-in follows). */
export const ResetPasswordRequestSchema = z.object({
  phoneNumber: z.string().trim().min(1).max(20),
  otpTicket: z.string().min(1).max(200),
  newPassword: z.string().min(1).max(256),
  remember: z.boolean().optional(),
});
/** What the member sees of their account's security history (sign-in secrets never leave the server). */
export const SecurityEventSchema = z.object({
  kind: z.enum([
    'password-reset',
    'password-changed',
    'payout-account-changed',
    // passkeys (docs/decisions/0040-passkeys.md); `passkey-refused` is a counter that did not grow (a clone)
    'passkey-added',
    'passkey-removed',
    'passkey-sign-in',
    'passkey-refused',
    'passkeys-removed',
  ]),
  at: z.string(),
  /** the address the change came from, last part masked */
  ip: z.string().nullable(),
});
export const SecurityEventsResponseSchema = z.object({ items: z.array(SecurityEventSchema) });
export type SecurityEvent = z.infer<typeof SecurityEventSchema>;

export const accountEndpoints = {
  login: defineEndpoint({
    method: 'POST',
    path: '/api/login',
    access: 'public',
    body: LoginRequestSchema,
    response: LoginResponseSchema,
    summary: 'Log in with phone and password',
  }),
  renew: defineEndpoint({
    method: 'POST',
    path: '/api/session/renew',
    access: 'public',
    body: RenewRequestSchema,
    response: LoginResponseSchema,
    summary: 'A fresh access token for a live session (silent renewal)',
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/api/logout',
    access: 'member',
    response: MessageSchema,
    summary: 'Revoke the current session',
  }),
  validate: defineEndpoint({
    method: 'POST',
    path: '/api/account/validate',
    access: 'public',
    body: ValidateRequestSchema,
    response: MessageSchema,
    summary: 'Validate registration steps 3 and 4',
  }),
  register: defineEndpoint({
    method: 'POST',
    path: '/api/account',
    access: 'public',
    body: RegisterRequestSchema,
    response: MessageSchema,
    summary: 'Register a member',
  }),
  profile: defineEndpoint({
    method: 'GET',
    path: '/api/account/profile',
    access: 'member',
    response: ProfileSchema,
    summary: 'Member profile',
  }),
  updateProfile: defineEndpoint({
    method: 'PUT',
    path: '/api/account/profile',
    access: 'member',
    body: UpdateProfileRequestSchema,
    response: ProfileSchema,
    summary: 'Update profile (allowlisted fields)',
  }),
  bankChangeOtp: defineEndpoint({
    method: 'POST',
    path: '/api/account/profile/otp',
    access: 'member',
    response: OtpSendResponseSchema,
    summary: "Send an OTP to the member's phone to approve a payout bank account change",
  }),
  bankAccountName: defineEndpoint({
    method: 'PUT',
    path: '/api/account/bankAccountName',
    access: 'member',
    body: BankAccountNameRequestSchema,
    response: MessageSchema,
    summary: 'Set an English bank account name',
  }),
  changePassword: defineEndpoint({
    method: 'PUT',
    path: '/api/account/changepwd',
    access: 'member',
    body: ChangePasswordRequestSchema,
    response: MessageSchema,
    summary: 'Change password (revokes other sessions)',
  }),
  otpSend: defineEndpoint({
    method: 'POST',
    path: '/api/otp/send',
    access: 'public',
    body: OtpSendRequestSchema,
    response: OtpSendResponseSchema,
    summary: 'Send a registration OTP by SMS',
  }),
  otpVerify: defineEndpoint({
    method: 'POST',
    path: '/api/otp/verify',
    access: 'public',
    body: OtpVerifyRequestSchema,
    response: OtpVerifyResponseSchema,
    summary: 'Verify a registration OTP',
  }),
  forgotPasswordOtp: defineEndpoint({
    method: 'POST',
    path: '/api/password/forgot',
    access: 'public',
    body: ForgotPasswordRequestSchema,
    response: OtpSendResponseSchema,
    summary: "Forgot password: send a code to the member's phone (the same answer for any phone)",
  }),
  forgotPasswordVerify: defineEndpoint({
    method: 'POST',
    path: '/api/password/forgot/verify',
    access: 'public',
    body: OtpVerifyRequestSchema,
    response: OtpVerifyResponseSchema,
    summary: 'Forgot password: verify the code; the answer carries a single-use reset ticket',
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/api/password/reset',
    access: 'public',
    body: ResetPasswordRequestSchema,
    response: LoginResponseSchema,
    summary: 'Forgot password: set a new password with the ticket, end every session, sign in',
  }),
  securityEvents: defineEndpoint({
    method: 'GET',
    path: '/api/account/security-events',
    access: 'member',
    response: SecurityEventsResponseSchema,
    summary: "The member's recent security events (password reset or change, payout account change)",
  }),
};
