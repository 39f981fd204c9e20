import { expect, type APIRequestContext } from '@playwright/test';
import { newestCode } from './sign-in.ts';

/** `count` random digits, for a phone, a bank account or an idempotency key no other run uses. */
export const randomDigits = (count: number): string =>
  Array.from({ length: count }, () => Math.floor(Math.random() * 10)).join('');

export type NewMember = {
  phone: string;
  password: string;
  token: string;
  /** the member's bearer header, for the API calls a test makes as the member */
  headers: { Authorization: string };
  memberId: string;
};

/**
 * A fresh member registered over the API (with the registration OTP, read from the sandbox SMS gateway) and signed in:
 * for a test that changes its member (a limit, a break, a password), so the demo member stays as the other specs expect.
 */
export async function registeredMember(request: APIRequestContext, name = 'E2E Member'): Promise<NewMember> {
  const phone = `08${randomDigits(8)}`;
  const password = `Pw-${randomDigits(6)}`;
  const sent = (await (await request.post('/api/otp/send', { data: { phoneNumber: phone } })).json()) as {
    otpToken: string;
  };
  const verified = (await (
    await request.post('/api/otp/verify', {
      data: { otpToken: sent.otpToken, otpCode: await newestCode(request, phone) },
    })
  ).json()) as { otpTicket?: string };
  const registered = await request.post('/api/account', {
    data: {
      name,
      username: phone,
      password,
      sourceCode: 'FACEBOOK',
      inviteCode: '',
      bankCode: 'KBANK',
      bankAccountName: 'สมชาย ใจดี',
      bankAccountNo: `1${randomDigits(9)}`,
      ...(verified.otpTicket ? { otpTicket: verified.otpTicket } : {}),
    },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  const login = await request.post('/api/login', { data: { username: phone, password } });
  expect(login.ok()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}` };
  const wallet = (await (await request.get('/api/wallet', { headers })).json()) as { profile: { _id: string } };
  return { phone, password, token, headers, memberId: wallet.profile._id };
}

/**
 * A fresh member (registeredMember) with `deposit` baht credited by a paid sandbox QR, waited for on the wallet;
 * `intoGame` then moves that much into the game `provider` (activated first).
 */
export async function memberWithMoney(
  request: APIRequestContext,
  options: { name?: string; deposit: number; intoGame?: { provider: string; amount: number } },
): Promise<NewMember> {
  const member = await registeredMember(request, options.name);
  const { headers } = member;
  const qr = await request.post('/api/qrcode/KBANK', { data: { amount: options.deposit }, headers });
  expect(qr.ok(), await qr.text()).toBe(true);
  const { payload } = (await qr.json()) as { payload: string };
  expect((await request.post('/sandbox/qr/pay', { data: { payload } })).ok()).toBe(true);
  await expect
    .poll(
      async () =>
        ((await (await request.get('/api/wallet', { headers })).json()) as { wallet: { amount: number } }).wallet
          .amount,
    )
    .toBe(options.deposit);
  if (options.intoGame) {
    const { provider, amount } = options.intoGame;
    await request.get(`/api/wallet/activate/${provider}`, { headers });
    const moved = await request.post('/api/wallet/transfer', {
      data: { from: 'WALLET', to: provider, amount },
      headers,
    });
    expect(moved.ok(), await moved.text()).toBe(true);
  }
  return member;
}
