import type { Page } from '@playwright/test';
import { expect, LANGUAGES, test } from '../support/fixtures.ts';
import { signInConsoleContext } from '../support/operator.ts';
import { saveScreen } from '../support/screens.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { signInQuickly } from '../support/sign-in.ts';

/**
 * A withdrawal is reviewed before the money leaves (bank, masked account, name, amount), and one still waiting for
 * review can be cancelled by the member from the statement: the money comes back, the row reads Cancelled, and the
 * console lists it as cancelled by the member (modules/withdrawals/README.md "Cancel"). Phone size (390×844).
 */

/** "1,234.50" → 1234.5 */
const amountOf = (text: string | null) => Number((text ?? '').replace(/[^\d.-]/g, ''));
const walletAmount = async (page: Page) => amountOf(await page.getByTestId('wallet-amount').textContent());
const firstWithdrawRow = (page: Page) => page.locator('[data-testid=statement-row][data-type=withdraw]').first();

const CANCELLED = { th: 'ยกเลิกแล้ว', la: 'ຍົກເລີກແລ້ວ', en: 'Cancelled' } as const;

test.describe('withdraw: review, then cancel while pending', () => {
  // an own server: the withdrawals spec counts the withdrawals of the shared one
  let server: RunningServer;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startServer();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  for (const lang of LANGUAGES) {
    test(`review step and a cancelled request in ${lang}`, async ({ page, browser }) => {
      test.setTimeout(120_000);
      await signInQuickly(page, lang, server.url);
      await page.goto(`${server.url}/user/home`);
      const before = await walletAmount(page);
      expect(before).toBeGreaterThanOrEqual(150);

      await page.getByTestId('widget-withdraw').click();
      await expect(page.getByTestId('withdraw-submit')).toBeEnabled();
      await page.getByTestId('withdraw-amount').fill('150');
      await page.getByTestId('withdraw-submit').click();
      const review = page.getByTestId('withdraw-review');
      await expect(review.getByTestId('withdraw-review-amount')).toContainText('150.00');
      await expect(review.getByTestId('withdraw-review-account')).toContainText('•••');
      await saveScreen(page, { test: 'withdraw-cancel', step: 'review', lang });
      await page.getByTestId('withdraw-confirm').click();
      await expect(page.getByTestId('withdraw-success')).toBeVisible();
      await page.getByTestId('withdraw-done').click();
      await expect.poll(async () => walletAmount(page)).toBe(before - 150);

      // the statement offers the cancel on the pending request; it asks first
      await page.goto(`${server.url}/user/statement`);
      const row = firstWithdrawRow(page);
      await expect(row).toContainText('150.00');
      await row.getByTestId('withdraw-cancel').click();
      await expect(row.getByTestId('withdraw-cancel-confirm')).toBeVisible();
      await saveScreen(page, { test: 'withdraw-cancel', step: 'confirm-cancel', lang });
      await row.getByTestId('withdraw-cancel-yes').click();
      await expect(row.locator('[data-status=cancelled]')).toHaveText(CANCELLED[lang]);
      await expect(row.getByTestId('withdraw-cancel')).toHaveCount(0);
      await saveScreen(page, { test: 'withdraw-cancel', step: 'cancelled-row', lang });
      await page.goto(`${server.url}/user/home`);
      await expect.poll(async () => walletAmount(page)).toBe(before);

      if (lang === 'th' || lang === 'en') {
        // the console lists it as cancelled by the member
        const context = await browser.newContext({
          baseURL: server.url,
          viewport: { width: 1366, height: 900 },
          locale: lang === 'th' ? 'th-TH' : 'en-US',
          timezoneId: 'Asia/Bangkok',
        });
        await context.addInitScript((language) => localStorage.setItem('wallet.admin.language', language), lang);
        await signInConsoleContext(context, server);
        const admin = await context.newPage();
        await admin.goto('/admin/withdrawals?status=cancelled');
        const label = lang === 'th' ? 'สมาชิกยกเลิกแล้ว' : 'Cancelled by the member';
        await expect(admin.getByRole('table').getByText(label).first()).toBeVisible();
        await saveScreen(admin, { test: 'withdraw-cancel', step: 'console-cancelled', lang }, { check: false });
        await context.close();
      }
    });
  }
});
