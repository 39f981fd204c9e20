import { expect, LANGUAGES, testOnOwnServer } from '../support/fixtures.ts';
import { saveScreen } from '../support/screens.ts';
import { registeredMember } from '../support/member.ts';

/**
 * Passkeys (docs/decisions/0040-passkeys.md) with Chromium's virtual authenticator, in th, la and en at 390×844:
 * sign in with the password, add a passkey in the profile (password again, then the device), sign out, sign in with
 * the passkey alone; the security activity shows it. Screens: e2e/artifacts/screens/passkeys-<step>-<lang>.png.
 */

// WebAuthn needs a domain, not an IP address: a server of this file's own, reached as localhost
const test = testOnOwnServer({ publicHost: 'localhost' });

test.describe('passkeys', () => {
  for (const lang of LANGUAGES) {
    test(`add a passkey in the profile, sign out, sign in with it (${lang})`, async ({ page, useLanguage }) => {
      test.setTimeout(120_000);
      await useLanguage(lang);
      await page.setViewportSize({ width: 390, height: 844 });
      const shot = (step: string) => saveScreen(page, { test: 'passkeys', step, lang });
      const member = await registeredMember(page.request, 'Passkey');
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
