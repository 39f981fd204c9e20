import type { Page } from '@playwright/test';
import { axeViolations } from '../support/axe.ts';
import { expect, LANGUAGES, test } from '../support/fixtures.ts';
import { memberWithMoney } from '../support/member.ts';
import { DEMO_OPERATOR, demoOperatorSecret, DESKTOP, signInOperator } from '../support/operator.ts';
import { signInAs } from '../support/sign-in.ts';
import { sheetSettled } from '../support/sheet.ts';

/**
 * axe (support/axe.ts: the WCAG 2.0 and 2.1 A and AA rules) finds no violation on the main screens: the player's
 * login, register first step, home, deposit sheet (QR tab), withdraw sheet, statement, bonus page and profile in th,
 * la and en at 390×844, and the console's sign-in, dashboard, withdrawals queue, members and a member's 360 page in
 * th and en at 1366×768. One page per app, moving between screens; every violation of the run is listed at the end
 * (rule id, impact, element). A fresh member with a deposit, so the demo member stays as the other specs expect.
 */

/** Every violation on the screen on show, listed without stopping the test. */
const check = async (page: Page, screen: string) =>
  expect.soft(await axeViolations(page), `axe on ${screen}`).toEqual([]);

const closeSheet = async (page: Page) => {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
};

test.describe('accessibility (axe) of the main screens', () => {
  for (const lang of LANGUAGES) {
    test(`player app (${lang})`, async ({ page, useLanguage }) => {
      test.setTimeout(120_000);
      // no animation: a sheet half faded in would fail the contrast rule for no real reason
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.setViewportSize({ width: 390, height: 844 });
      const member = await memberWithMoney(page.request, { deposit: 500 });

      await useLanguage(lang);
      await page.goto('/login');
      await expect(page.getByTestId('login-form')).toBeVisible();
      await check(page, `login (${lang})`);
      await page.goto('/register');
      await expect(page.getByTestId('phone-step')).toBeVisible();
      await check(page, `register, first step (${lang})`);

      await signInAs(page, lang, member);
      await page.goto('/user/home');
      await expect(page.getByTestId('wallet-amount')).toContainText('500');
      await check(page, `home (${lang})`);

      await page.getByTestId('widget-deposit').click();

      await sheetSettled(page);
      await expect(page.getByTestId('qr-create')).toBeVisible();
      await check(page, `deposit sheet, QR tab (${lang})`);
      await closeSheet(page);

      await page.getByTestId('widget-withdraw').click();
      await expect(page.getByTestId('withdraw-submit')).toBeEnabled();
      await check(page, `withdraw sheet (${lang})`);
      await closeSheet(page);

      await page.goto('/user/statement');
      await expect(page.getByTestId('statement-row').first()).toBeVisible();
      await check(page, `statement (${lang})`);

      await page.goto('/user/bonus');
      await expect(page.locator('[data-route="user/bonus"]')).toBeVisible();
      await check(page, `bonus (${lang})`);

      await page.goto('/user/profile');
      await expect(page.getByTestId('profile-details')).toBeVisible();
      await check(page, `profile (${lang})`);
    });
  }

  for (const lang of ['th', 'en'] as const) {
    test(`console (${lang})`, async ({ browser, server }) => {
      test.setTimeout(120_000);
      const admin = { ...DEMO_OPERATOR, secret: demoOperatorSecret(server.logs()) };
      const context = await browser.newContext({
        ...DESKTOP,
        viewport: { width: 1366, height: 768 },
        baseURL: server.url,
        timezoneId: 'Asia/Bangkok',
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      const member = await memberWithMoney(context.request, { deposit: 300 });
      const loaded = async () => {
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('status')).toHaveCount(0);
      };

      await page.addInitScript((value) => localStorage.setItem('wallet.admin.language', value), lang);
      await page.goto('/admin/login');
      await expect(page.getByTestId('sign-in-form')).toBeVisible();
      await check(page, `console sign-in (${lang})`);

      await signInOperator(page, admin, { language: lang });
      await page.goto('/admin/dashboard');
      await expect(page.getByTestId('queue-withdrawals-review')).toBeVisible();
      await loaded();
      await check(page, `dashboard (${lang})`);

      await page.goto('/admin/withdrawals');
      await loaded();
      await check(page, `withdrawals queue (${lang})`);

      await page.goto('/admin/members');
      await loaded();
      await check(page, `members (${lang})`);

      await page.goto(`/admin/members/${member.memberId}`);
      await expect(page.getByTestId('balance-wallet')).toContainText('300');
      await loaded();
      await check(page, `member 360 (${lang})`);
      await context.close();
    });
  }
});
