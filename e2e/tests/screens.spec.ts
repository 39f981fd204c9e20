import type { Page } from '@playwright/test';
import { expect, LANGUAGES, test, type Language } from '../support/fixtures.ts';
import { saveScreen } from '../support/screens.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { DEMO } from '../support/sign-in.ts';
import { sheetSettled } from '../support/sheet.ts';

/**
 * Every player screen and modal at 390×844 in th, la and en, each checked by saveScreen (no text in the
 * wrong script, no raw i18n keys or error codes, no sideways overflow) and saved as
 * e2e/artifacts/screens/screens-<step>-<lang>.png. Home and the shells are also checked at 360–1366 px.
 */

const closeDialog = async (page: Page) => {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
};

/** Signs the demo member in through the API without accepting the agreement (home opens it by itself). */
async function signIn(page: Page, server: RunningServer, lang: Language): Promise<void> {
  const login = await page.request.post(`${server.url}/api/login`, {
    data: { username: DEMO.phone, password: DEMO.password },
  });
  const { token } = (await login.json()) as { token: string };
  await page.evaluate(
    ([value, language]) => {
      localStorage.setItem('token', value);
      localStorage.setItem('locale', language);
    },
    [token, lang] as const,
  );
}

/** locales/<lang>/common.json nav.conditions: the bottom-menu button that opens the conditions */
const CONDITIONS = { th: 'เงื่อนไข', la: 'ເງື່ອນໄຂ', en: 'Terms' } as const;
/** each language opens its own game account, so the tests do not depend on each other's order */
const GAME = { th: 'pg', la: 'joker2', en: 'betflix' } as const;

test.describe('every screen', () => {
  // an own server: the demo member starts with no game account open (the transfer dead-end screen)
  let server: RunningServer;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startServer();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  // first in this file: it needs a member without any game account open
  test('transfer before any game account is open offers to open one (th, la, en)', async ({ page }) => {
    await page.goto(`${server.url}/login`);
    // the app starts after the shell's first paint: wait until /login has run (it clears any session) before signing in
    await expect(page.getByTestId('login-form')).toBeVisible();
    for (const lang of LANGUAGES) {
      await signIn(page, server, lang);
      await page.evaluate((memberId) => localStorage.setItem('agreement', memberId), await memberIdOf(page, server));
      await page.goto(`${server.url}/user/home`);
      await page.getByTestId('widget-transfer').click();
      await expect(page.getByTestId('transfer-no-games')).toBeVisible();
      await saveScreen(page, { test: 'screens', step: 'transfer-no-games', lang });
      await closeDialog(page);
    }
  });

  for (const lang of LANGUAGES) {
    test(`signed out and signed in, every screen and modal (${lang})`, async ({ page, useLanguage }) => {
      test.setTimeout(180_000);
      const shot = (step: string, options?: { fullPage?: boolean }) =>
        saveScreen(page, { test: 'screens', step, lang }, options);
      const url = (path: string) => `${server.url}${path}`;
      await useLanguage(lang);

      // signed out
      await page.goto(url('/login'));
      await expect(page.getByTestId('login-form')).toBeVisible();
      await shot('login');
      await page.getByTestId('language-switcher').click();
      await expect(page.getByRole('menu')).toBeVisible();
      await shot('language-menu');
      await page.keyboard.press('Escape');
      await page.goto(url('/register'));
      await expect(page.getByTestId('phone-step')).toBeVisible();
      await shot('register-phone');
      await page.goto(url('/howto'));
      await expect(page.getByTestId('howto-list').getByRole('button')).toHaveCount(5);
      await shot('howto');
      await page.getByTestId('howto-list').getByRole('button').first().click();
      await expect(page.getByTestId('howto-player')).toBeVisible();
      await shot('howto-video');
      await closeDialog(page);
      await page.goto(url('/contact'));
      await expect(page.getByTestId('line-qr')).toHaveAttribute('data-generated', 'true');
      await shot('contact');
      await page.goto(url('/no/such/page'));
      await expect(page.getByTestId('not-found')).toBeVisible();
      await shot('404');

      // signed in: home, and the agreement it opens by itself
      await signIn(page, server, lang);
      await page.goto(url('/user/home'));
      await expect(page.getByTestId('total-balance')).toBeVisible();
      await expect(page.getByTestId('agreement-modal')).toBeVisible();
      await expect(page.getByTestId('agreement-accept')).toBeEnabled();
      await shot('agreement');
      await page.getByTestId('agreement-accept').click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await shot('home');
      await shot('home-full', { fullPage: true });

      // a game account: closed, opened, the reset confirmation
      await page.getByTestId(`game-card-${GAME[lang]}`).click();
      await expect(page.getByTestId('game-activate')).toBeVisible();
      await shot('game-inactive');
      await page.getByTestId('game-activate').click();
      await expect(page.getByTestId('game-username')).not.toBeEmpty();
      await shot('game-active');
      await page.getByTestId('game-reset-password').click();
      await expect(page.getByTestId('game-reset-confirm')).toBeVisible();
      await shot('game-reset-confirm');
      await closeDialog(page);

      // transfer: the form, a validation message, the success
      await page.getByTestId('widget-transfer').click();
      await page.getByTestId('transfer-to').selectOption(GAME[lang]);
      await page.getByTestId('transfer-amount').fill('999999');
      await page.getByTestId('transfer-submit').click();
      await expect(page.getByRole('alert')).toBeVisible();
      await shot('transfer-too-much');
      await page.getByTestId('transfer-amount').fill('5');
      await shot('transfer-form');
      await page.getByTestId('transfer-submit').click();
      await expect(page.getByTestId('transfer-success')).toBeVisible();
      await shot('transfer-success');
      await page.getByTestId('transfer-done').click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await page.getByTestId('widget-deposit').click();
      await sheetSettled(page);
      await expect(page.getByTestId('qr-create')).toBeVisible();
      await shot('deposit');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await page.getByTestId('widget-invite').click();
      // invite: its banners first (the demo seeds some), then the invite modal
      await expect(page.getByTestId('banners-carousel')).toBeVisible();
      await page.getByTestId('banners-continue').click();
      await expect(page.getByTestId('invite-dialog')).toBeVisible();
      await shot('invite');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await page.goto(url('/user/statement'));
      await expect(page.getByTestId('statement-row').first()).toBeVisible();
      await shot('statement');

      await page.goto(url('/user/profile'));
      await expect(page.getByTestId('profile-details')).toBeVisible();
      await shot('profile');
      await page.getByTestId('change-password').click();
      await expect(page.getByTestId('change-password-form')).toBeVisible();
      await shot('change-password');
      await closeDialog(page);
      await page.getByTestId('change-bank-account').click();
      await expect(page.getByTestId('bank-account-change-form')).toBeVisible();
      await shot('bank-account-change');
      await closeDialog(page);

      await page.goto(url('/user/bonus'));
      await expect(page.locator('[data-route="user/bonus"]')).toBeVisible();
      await shot('bonus');
      await page.getByRole('navigation').getByRole('button', { name: CONDITIONS[lang] }).click();
      await expect(page.getByTestId('conditions-list').locator('li').first()).toBeVisible();
      await shot('conditions');
      await closeDialog(page);
      await page.goto(url('/user/spin'));
      await expect(page.locator('[data-route="user/spin"]')).toBeVisible();
      await shot('spin');
      await page.goto(url('/user/contact'));
      await expect(page.getByTestId('line-qr')).toHaveAttribute('data-generated', 'true');
      await shot('user-contact');
    });
  }

  test('home and the shells at 360, 390, 430, 768 and 1366 px', async ({ page, useLanguage }) => {
    test.setTimeout(180_000);
    await useLanguage('en');
    const sizes = [
      [360, 780],
      [390, 844],
      [430, 932],
      [768, 1024],
      [1366, 900],
    ] as const;
    for (const [width, height] of sizes) {
      await page.setViewportSize({ width, height });
      await page.goto(`${server.url}/login`);
      await expect(page.getByTestId('login-form')).toBeVisible();
      await saveScreen(page, { test: 'screens', step: `login-${width}`, lang: 'en' });
    }
    await signIn(page, server, 'en');
    await page.evaluate((memberId) => localStorage.setItem('agreement', memberId), await memberIdOf(page, server));
    for (const [width, height] of sizes) {
      await page.setViewportSize({ width, height });
      await page.goto(`${server.url}/user/home`);
      await expect(page.getByTestId('total-balance')).toBeVisible();
      await saveScreen(page, { test: 'screens', step: `home-${width}`, lang: 'en' });
    }
  });
});

async function memberIdOf(page: Page, server: RunningServer): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const profile = await page.request.get(`${server.url}/api/account/profile`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return String(((await profile.json()) as { _id: string })._id);
}
