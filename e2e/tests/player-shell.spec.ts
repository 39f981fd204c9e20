import type { Page } from '@playwright/test';
import { expect, LANGUAGES, testOnOwnServer } from '../support/fixtures.ts';
import { saveScreen } from '../support/screens.ts';
import { DEMO, signInQuickly } from '../support/sign-in.ts';
import { sheetSettled } from '../support/sheet.ts';

// QR deposits raise the demo member's balance and fill its inbox: this file runs on a server of its own
const test = testOnOwnServer();

const TOAST_TITLE = { th: 'ฝากเงินสำเร็จ', la: 'ຝາກເງິນສຳເລັດ', en: 'Deposit credited' } as const;
const OFFLINE_TEXT = {
  th: 'คุณออฟไลน์อยู่ จึงเปิดหน้านี้ไม่ได้',
  la: 'ທ່ານອອບລາຍຢູ່ ຈຶ່ງເປີດໜ້ານີ້ບໍ່ໄດ້',
  en: "You're offline, so this couldn't open.",
} as const;

async function openHome(page: Page) {
  await page.goto('/user/home');
  await expect(page.getByTestId('wallet-amount')).not.toBeEmpty();
}

test.describe('player shell', () => {
  for (const lang of LANGUAGES) {
    test(`a QR paid while its sheet is closed: a toast, the badge and an inbox entry that opens the statement (${lang})`, async ({
      page,
    }) => {
      const shot = (step: string) => saveScreen(page, { test: 'player-shell', step, lang });
      await signInQuickly(page, lang);
      await openHome(page);

      await page.getByTestId('widget-deposit').click();

      await sheetSettled(page);
      await page.getByTestId('qr-quick-100').click();
      await page.getByTestId('qr-create').click();
      await expect(page.getByTestId('qr-image')).toBeVisible();
      const payload = await page.getByTestId('qr-view').getAttribute('data-payload');
      // touch targets of at least 44 px: the deposit tabs and the copy-code button
      for (const target of [page.getByTestId('deposit-tab-qr'), page.getByTestId('qr-copy')]) {
        expect((await target.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      }

      // the phone's back gesture closes the sheet and stays on home
      await page.goBack();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page).toHaveURL(/\/user\/home$/);
      await expect(page.getByTestId('wallet-amount')).toBeVisible();

      const paid = await page.request.post('/sandbox/qr/pay', { data: { payload } });
      expect(paid.ok()).toBe(true);
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: TOAST_TITLE[lang] });
      await expect(toast).toBeVisible({ timeout: 15_000 });
      await expect(toast).toContainText('100.00');
      await expect(page.getByTestId('inbox-button').locator('[data-badge]')).toBeVisible();
      await shot('toast');

      await page.getByTestId('inbox-button').click();
      const entry = page.getByTestId('inbox-entry').first();
      await expect(entry).toHaveAttribute('data-kind', 'deposit_credited');
      await expect(entry).toContainText(TOAST_TITLE[lang]);
      await expect(entry).toContainText('100.00');
      await shot('inbox');

      // back closes the inbox too, and it opens again
      await page.goBack();
      await expect(page.getByTestId('inbox-sheet')).toHaveCount(0);
      await expect(page).toHaveURL(/\/user\/home$/);
      await page.getByTestId('inbox-button').click();
      await page.getByTestId('inbox-entry').first().click();
      // a credited deposit's entry opens the statement with that deposit's receipt (?receipt=<deposit id>)
      await expect(page).toHaveURL(/\/user\/statement\?receipt=\w+$/);
      await expect(page.getByTestId('receipt-amount')).toContainText('100.00');

      // the small phone: home and the inbox at 320 × 568
      await page.setViewportSize({ width: 320, height: 568 });
      await openHome(page);
      await saveScreen(page, { test: 'player-shell', step: 'home-320', lang });
      // no bottom-menu label is cut (Lao labels run longest)
      const cut = await page
        .getByRole('navigation')
        .locator('span')
        .evaluateAll((spans) =>
          spans
            .filter((span) => span.children.length === 0 && span.textContent?.trim())
            .filter((span) => span.scrollWidth > span.clientWidth + 1 || span.scrollHeight > span.clientHeight + 1)
            .map((span) => span.textContent),
        );
      expect(cut).toEqual([]);
      await page.getByTestId('inbox-button').click();
      await expect(page.getByTestId('inbox-entry').first()).toBeVisible();
      await saveScreen(page, { test: 'player-shell', step: 'inbox-320', lang });
    });
  }
});

test.describe('player shell, session ended elsewhere', () => {
  // the reads in flight when the session is revoked are refused (401) before the app leaves for the login screen
  test.use({ allowConsole: /status of 401 \(Unauthorized\) .*\/api\// });
  test('signed out because the password was changed on another device: the login screen says so', async ({ page }) => {
    await signInQuickly(page, 'en');
    await openHome(page);
    // another device signs in and changes the password: every other session is revoked
    const login = await page.request.post('/api/login', { data: { username: DEMO.phone, password: DEMO.password } });
    const { token } = (await login.json()) as { token: string };
    const other = { Authorization: `Bearer ${token}` };
    const change = (oldPassword: string, newPassword: string) =>
      page.request.put('/api/account/changepwd', { headers: other, data: { oldPassword, newPassword } });
    expect((await change(DEMO.password, 'changed-elsewhere-1')).ok()).toBe(true);
    try {
      await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
      await expect(page.getByTestId('session-ended')).toContainText('your password was changed');
      await saveScreen(page, { test: 'player-shell', step: 'session-ended', lang: 'en' });
    } finally {
      expect((await change('changed-elsewhere-1', DEMO.password)).ok()).toBe(true);
    }
  });
});

test.describe('player shell offline', () => {
  // offline, the chunks and reads asked for fail in the console on purpose
  test.use({ allowConsole: /ERR_INTERNET_DISCONNECTED|Failed to fetch dynamically imported module/ });
  for (const lang of LANGUAGES) {
    test(`offline, a sheet not loaded yet fails on its own and home stays; the banner leaves the top bar free (${lang})`, async ({
      page,
      context,
    }) => {
      await signInQuickly(page, lang);
      await openHome(page);
      await context.setOffline(true);
      await page.getByTestId('widget-transfer').click();
      await expect(page.getByTestId('sheet-failed')).toContainText(OFFLINE_TEXT[lang]);
      await expect(page.locator('main[data-route="user/home"]')).toBeVisible();
      await expect(page.getByTestId('wallet-amount')).toBeVisible();
      const banner = await page.getByTestId('offline-banner').boundingBox();
      const topBar = await page.locator('header').first().boundingBox();
      expect(banner!.y + banner!.height).toBeLessThanOrEqual(topBar!.y + 1);
      await saveScreen(page, { test: 'player-shell', step: 'offline-sheet', lang });

      await context.setOffline(false);
      await page.getByTestId('sheet-retry').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expect(page.getByTestId('sheet-failed')).toHaveCount(0);
    });
  }
});
