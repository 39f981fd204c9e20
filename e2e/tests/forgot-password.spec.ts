import { expect, LANGUAGES, test } from '../support/fixtures.ts';
import { registeredMember } from '../support/member.ts';
import { saveScreen } from '../support/screens.ts';
import { newestCode } from '../support/sign-in.ts';

/**
 * Forgot password by SMS code, in th, la and en at 390×844: /login → "forgot password" → phone → code → new
 * password (its rule shown) → signed in on /user/home; the session on another device ends; the profile's security
 * history shows the reset. Screens: e2e/artifacts/screens/forgot-password-<step>-<lang>.png.
 */

test.describe('forgot password', () => {
  for (const lang of LANGUAGES) {
    test(`resets the password by SMS code and signs in (${lang})`, async ({ page, useLanguage }) => {
      await useLanguage(lang);
      await page.setViewportSize({ width: 390, height: 844 });
      // registered over the API; its session (member.token) is the one on "another device"
      const member = await registeredMember(page.request, 'Forgetful');
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
        headers: { Authorization: `Bearer ${member.token}` },
      });
      expect(elsewhere.status()).toBe(401);

      await page.goto('/user/profile');
      const history = page.getByTestId('security-history');
      await expect(history.locator('li')).toHaveCount(1);
      await saveScreen(page, { test: 'forgot-password', step: '4-profile-history', lang }, { fullPage: true });
    });
  }
});
