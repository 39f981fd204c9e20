import type { APIRequestContext } from '@playwright/test';
import { expect, LANGUAGES, testOnOwnServer } from '../support/fixtures.ts';
import { saveScreen } from '../support/screens.ts';
import { newestCode } from '../support/sign-in.ts';

/**
 * Passkeys (docs/decisions/0040-passkeys.md) with Chromium's virtual authenticator, in th, la and en at 390×844:
 * sign in with the password, add a passkey in the profile (password again, then the device), sign out, sign in with
 * the passkey alone; the security activity shows it. Screens: e2e/artifacts/screens/passkeys-<step>-<lang>.png.
 */

// WebAuthn needs a domain, not an IP address: a server of this file's own, reached as localhost
const test = testOnOwnServer({ publicHost: 'localhost' });

const randomDigits = (count: number) => Array.from({ length: count }, () => Math.floor(Math.random() * 10)).join('');

/** A fresh member registered over the API (with the registration OTP); its member number for the agreement. */
async function registeredMember(request: APIRequestContext) {
  const phone = `08${randomDigits(8)}`;
  const password = `Pk-${randomDigits(6)}`;
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
      name: 'Passkey',
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
  const login = (await (await request.post('/api/login', { data: { username: phone, password } })).json()) as {
    token: string;
  };
  const wallet = (await (
    await request.get('/api/wallet', { headers: { Authorization: `Bearer ${login.token}` } })
  ).json()) as { profile: { _id: string } };
  return { phone, password, memberId: wallet.profile._id };
}

test.describe('passkeys', () => {
  for (const lang of LANGUAGES) {
    test(`add a passkey in the profile, sign out, sign in with it (${lang})`, async ({ page, useLanguage }) => {
      test.setTimeout(120_000);
      await useLanguage(lang);
      await page.setViewportSize({ width: 390, height: 844 });
      const shot = (step: string) => saveScreen(page, { test: 'passkeys', step, lang });
      const member = await registeredMember(page.request);
      await page.addInitScript((memberId) => localStorage.setItem('agreement', memberId), member.memberId);

      // Chromium's virtual platform authenticator: resident keys, fingerprint always accepted
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('WebAuthn.enable');
      const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
        options: {
          protocol: 'ctap2',
          transport: 'internal',
          hasResidentKey: true,
          hasUserVerification: true,
          isUserVerified: true,
          automaticPresenceSimulation: true,
        },
      });

      await page.goto('/login');
      await page.locator('input[name=username]').fill(member.phone);
      await page.locator('input[name=password]').fill(member.password);
      await page.getByTestId('login-form').locator('button[type=submit]').click();
      await expect(page).toHaveURL(/\/user\/home$/);

      await page.goto('/user/profile');
      const section = page.getByTestId('passkeys-section');
      // the section in the middle of the screen, clear of the bottom bar
      const centre = () => section.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await centre();
      await shot('1-section');
      await page.getByTestId('passkey-add').click();
      const form = page.getByTestId('passkey-add-form');
      await form.locator('input[name=passkeyName]').fill('Pixel 9');
      await form.locator('input[name=password]').fill(member.password);
      await shot('2-add');
      await page.locator('button[type=submit][form=passkey-add-form]').click();
      await expect(section.getByTestId('passkey-item')).toHaveCount(1);
      await expect(section.getByTestId('passkey-item')).toContainText('Pixel 9');
      await centre();
      await shot('3-added');
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
      expect(credentials).toHaveLength(1);

      await page.getByTestId('logout').click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByTestId('passkey-sign-in')).toBeVisible();
      await shot('4-login');
      // usernameless: the phone field stays empty, the authenticator offers the member's passkey
      await page.getByTestId('passkey-sign-in').click();
      await expect(page).toHaveURL(/\/user\/home$/);

      await page.goto('/user/profile');
      const history = page.getByTestId('security-history');
      await expect(history.locator('li')).toHaveCount(2);
      await history.scrollIntoViewIfNeeded();
      await shot('5-activity');
    });
  }
});
