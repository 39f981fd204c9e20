import type { APIRequestContext } from '@playwright/test';
import { expect, LANGUAGES, test } from '../support/fixtures.ts';
import { saveScreen } from '../support/screens.ts';
import { newestCode } from '../support/sign-in.ts';

/**
 * Forgot password by SMS code, in th, la and en at 390×844: /login → "forgot password" → phone → code → new
 * password (its rule shown) → signed in on /user/home; the session on another device ends; the profile's security
 * history shows the reset. Screens: e2e/artifacts/screens/forgot-password-<step>-<lang>.png.
 */

const randomDigits = (count: number) => Array.from({ length: count }, () => Math.floor(Math.random() * 10)).join('');

/** A fresh member registered over the API (with the registration OTP), and a session on "another device". */
async function registeredMember(request: APIRequestContext) {
  const phone = `08${randomDigits(8)}`;
  const password = `Old-${randomDigits(6)}`;
  const headers = {};
  const sent = (await (await request.post('/api/otp/send', { data: { phoneNumber: phone }, headers })).json()) as {
    otpToken: string;
  };
  const verified = (await (
    await request.post('/api/otp/verify', {
      data: { otpToken: sent.otpToken, otpCode: await newestCode(request, phone) },
      headers,
    })
  ).json()) as { otpTicket?: string };
  const registered = await request.post('/api/account', {
    headers,
    data: {
      name: 'Forgetful',
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
  expect(registered.status()).toBe(200);
  const other = (await (await request.post('/api/login', { data: { username: phone, password }, headers })).json()) as {
    token: string;
  };
  return { phone, otherDeviceToken: other.token };
}

test.describe('forgot password', () => {
  for (const lang of LANGUAGES) {
    test(`resets the password by SMS code and signs in (${lang})`, async ({ page, useLanguage }) => {
      await useLanguage(lang);
      await page.setViewportSize({ width: 390, height: 844 });
      const member = await registeredMember(page.request);
      const shot = (step: string) => saveScreen(page, { test: 'forgot-password', step, lang });

      await page.goto('/login');
      await page.getByTestId('forgot-link').click();
      await expect(page).toHaveURL(/\/forgot-password$/);
      await page.locator('input[name=phone]').fill(member.phone);
      await shot('1-phone');
      await page.getByTestId('forgot-phone-step').locator('button[type=submit]').click();

      await expect(page.getByTestId('otp-ref')).toContainText(/[A-Z]{4}/);
      await page.locator('input[name=otp]').fill(await newestCode(page.request, member.phone));
      await shot('2-code');
      await page.getByTestId('otp-step').locator('button[type=submit]').click();

      const step = page.getByTestId('forgot-password-step');
      await expect(step).toBeVisible();
      await page.locator('input[name=newPassword]').fill('New-pass-2026');
      await page.locator('input[name=confirmPassword]').fill('New-pass-2026');
      await shot('3-password');
      await step.locator('button[type=submit]').click();

      await expect(page).toHaveURL(/\/user\/home$/);
      // the other device's session is over
      const elsewhere = await page.request.get('/api/account/profile', {
        headers: { Authorization: `Bearer ${member.otherDeviceToken}` },
      });
      expect(elsewhere.status()).toBe(401);

      await page.goto('/user/profile');
      const history = page.getByTestId('security-history');
      await expect(history.locator('li')).toHaveCount(1);
      await saveScreen(page, { test: 'forgot-password', step: '4-profile-history', lang }, { fullPage: true });
    });
  }
});
