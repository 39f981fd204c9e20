import { expect } from 'vitest';
import type { TestApp } from '../helpers/test-app.ts';

let counter = 0;
const next = () => ++counter;

/** A Thai mobile number no other call in this test file returns. */
export const uniquePhone = (): string => `08${String(10_000_000 + next()).slice(-8)}`;
/** A 10-digit account number no other call in this test file returns. */
export const uniqueAccountNo = (): string => `12${String(10_000_000 + next()).slice(-8)}`;
/** A client address no other call in this test file returns (the limits count per IP). */
export const uniqueIp = (): string => {
  const n = next();
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

export type Reply = { status: number; body: Record<string, unknown> };

type CallOptions = { token?: string; ip?: string; headers?: Record<string, string> };

async function call(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
  options: CallOptions = {},
): Promise<Reply> {
  const res = await t.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    headers: { ...options.headers, ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
    remoteAddress: options.ip ?? '127.0.0.1',
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

export const post = (t: TestApp, url: string, payload?: unknown, options?: CallOptions) =>
  call(t, 'POST', url, payload, options);
export const put = (t: TestApp, url: string, payload?: unknown, options?: CallOptions) =>
  call(t, 'PUT', url, payload, options);
export const get = (t: TestApp, url: string, options?: CallOptions) => call(t, 'GET', url, undefined, options);

export function registration(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Somchai',
    username: uniquePhone(),
    password: 'secret-pass',
    sourceCode: 'FACEBOOK',
    inviteCode: '',
    bankCode: 'KBANK',
    bankAccountName: 'สมชาย ใจดี',
    bankAccountNo: uniqueAccountNo(),
    ...overrides,
  };
}

/** The SMS texts the sandbox outbox holds for a phone, oldest first. */
export async function outbox(t: TestApp, phone: string): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: `/sandbox/sms/outbox?phone=${phone}` });
  expect(res.statusCode).toBe(200);
  return (res.json() as Array<{ phone: string; text: string }>).map((m) => m.text);
}

/** The code of the newest SMS sent to a phone. */
export async function lastCode(t: TestApp, phone: string): Promise<string> {
  const texts = await outbox(t, phone);
  const match = /\b(\d{6})\b/.exec(texts.at(-1) ?? '');
  if (!match?.[1]) throw new Error(`no OTP SMS for ${phone}`);
  return match[1];
}

export async function sendOtp(t: TestApp, phone: string, ip = uniqueIp(), otpTicket?: string): Promise<Reply> {
  return post(t, '/api/otp/send', { phoneNumber: phone, ...(otpTicket ? { otpTicket } : {}) }, { ip });
}

/** Send and verify an OTP for a phone; returns the single-use ticket the verify call handed out. */
export async function verifyPhone(t: TestApp, phone: string): Promise<string> {
  const sent = await sendOtp(t, phone);
  expect(sent).toMatchObject({ status: 200, body: { code: 'OTP_SENT' } });
  const otpToken = sent.body.otpToken as string;
  const verified = await post(t, '/api/otp/verify', { otpToken, otpCode: await lastCode(t, phone) });
  expect(verified).toEqual({
    status: 200,
    body: { code: 'OTP_CODE_VALID', message: 'OK', otpTicket: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) },
  });
  return verified.body.otpTicket as string;
}

/** POST /api/account from a fresh client address (registration checks count per IP). */
export async function register(t: TestApp, body: Record<string, unknown>, ip = uniqueIp()): Promise<Reply> {
  return post(t, '/api/account', body, { ip });
}

export async function login(t: TestApp, username: string, password: string, ip = '127.0.0.1'): Promise<Reply> {
  return post(t, '/api/login', { username, password }, { ip });
}

/** Register a fresh member and log in; returns its phone, password and token. */
export async function signUp(t: TestApp, overrides: Record<string, unknown> = {}) {
  const body = registration(overrides);
  const res = await register(t, body);
  expect(res).toEqual({ status: 200, body: { message: 'SUCCESS' } });
  const ip = uniqueIp();
  const session = await login(t, body.username, body.password, ip);
  expect(session.status).toBe(200);
  return { ...body, ip, token: session.body.token as string, refreshToken: session.body.refreshToken as string };
}

/** A fresh access token for the member's session (access tokens live 15 minutes; tests that move the clock renew). */
export async function renewToken(t: TestApp, member: { refreshToken: string }): Promise<string> {
  const res = await post(t, '/api/session/renew', { refreshToken: member.refreshToken });
  expect(res.status).toBe(200);
  return res.body.token as string;
}

/** Step-up for a payout-account change: request the OTP as the member and read the code from the outbox. */
export async function bankChangeOtp(
  t: TestApp,
  member: { token: string; username: string },
): Promise<{ otpToken: string; otpCode: string }> {
  const sent = await post(t, '/api/account/profile/otp', undefined, { token: member.token, ip: uniqueIp() });
  expect(sent).toMatchObject({ status: 200, body: { code: 'OTP_SENT' } });
  return { otpToken: sent.body.otpToken as string, otpCode: await lastCode(t, member.username) };
}
