import type { Page } from '@playwright/test';
import { expect, LANGUAGES, testOnOwnServer } from '../support/fixtures.ts';
import { saveScreen } from '../support/screens.ts';
import { signInQuickly } from '../support/sign-in.ts';
import { sheetSettled } from '../support/sheet.ts';

/**
 * Receipts, statement filters and the one-phone QR at 390×844 (and 320×568) in th/la/en: a QR paid while its sheet is
 * closed and the member reads the statement raises a toast there and an inbox entry that opens the deposit's receipt
 * with its channel and reference; the deposit filter shows the server's totals. It moves the demo member's money,
 * so it runs on a server of its own.
 */
const test = testOnOwnServer();

const CREDITED = { th: 'ฝากเงินสำเร็จ', la: 'ຝາກເງິນສຳເລັດ', en: 'Deposit credited' } as const;

async function createQr(page: Page): Promise<string> {
  await page.getByTestId('widget-deposit').click();
  await sheetSettled(page);
  await page.getByTestId('qr-quick-100').click();
  await page.getByTestId('qr-create').click();
  await expect(page.getByTestId('qr-image')).toBeVisible();
  const payload = await page.getByTestId('qr-view').getAttribute('data-payload');
  expect(payload).toMatch(/^000201010212/);
  return payload!;
}

test.describe('receipts and the one-phone QR', () => {
  for (const lang of LANGUAGES) {
    test(`a QR paid while the statement is open: toast, inbox entry, its receipt; filters and totals (${lang})`, async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      const shot = (step: string) => saveScreen(page, { test: 'receipts', step, lang });
      await signInQuickly(page, lang, baseURL);
      await page.goto('/user/home');
      await expect(page.getByTestId('wallet-amount')).not.toBeEmpty();

      // one-phone QR: save as image, the same-phone steps, copy as a button
      const payload = await createQr(page);
      await expect(page.getByTestId('qr-save')).toBeVisible();
      const copy = await page.getByTestId('qr-copy').boundingBox();
      expect(copy!.height).toBeGreaterThanOrEqual(44);
      await page.getByTestId('qr-same-phone').locator('summary').click();
      await page.getByTestId('qr-same-phone').scrollIntoViewIfNeeded();
      await shot('qr-one-phone');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);

      // paid while the sheet is closed and the member is on the statement: the toast shows there
      // the member socket (started by the shell) must be connected, or the payment has no push to carry
      const socketReady = page
        .waitForEvent('websocket')
        .then((socket) => socket.waitForEvent('framereceived', (frame) => String(frame.payload).startsWith('40')));
      await page.goto('/user/statement');
      await expect(page.getByTestId('statement-list')).toBeVisible();
      await socketReady;
      expect((await page.request.post('/sandbox/qr/pay', { data: { payload } })).ok()).toBe(true);
      await expect(page.getByText(CREDITED[lang]).first()).toBeVisible();
      // the statement shows the new deposit without a reload
      await expect(page.getByTestId('statement-amount').first()).toContainText('100.00');

      // the inbox entry opens the deposit's receipt
      await page.getByTestId('inbox-button').click();
      await page.getByTestId('inbox-entry').first().click();
      const receipt = page.getByTestId('receipt');
      await expect(receipt.getByTestId('receipt-amount')).toContainText('100.00');
      await expect(receipt.getByTestId('receipt-reference')).not.toBeEmpty();
      await expect(page.getByTestId('receipt-share')).toBeEnabled();
      await shot('receipt');
      await page.keyboard.press('Escape');

      // a statement row opens its receipt too; the deposit filter shows the server's totals
      await page.getByTestId('statement-type-deposit').click();
      await expect(page.getByTestId('statement-total-in')).toContainText(/\d/);
      await shot('filtered');
      await page.getByTestId('statement-open').first().click();
      await expect(page.getByTestId('receipt')).toBeVisible();
      await page.keyboard.press('Escape');

      // a narrow phone: the chips scroll in one row, nothing overflows the page
      await page.setViewportSize({ width: 320, height: 568 });
      await page.goto('/user/statement');
      await expect(page.getByTestId('statement-list')).toBeVisible();
      await shot('statement-320');
      // the brand never wraps in the top bar: one line, or (below 360 px) the logo alone
      const brand = await page.getByTestId('brand-name').boundingBox();
      expect(brand === null || brand.height <= 1 || brand.height < 30).toBe(true);
      await page.getByTestId('statement-open').first().click();
      await expect(page.getByTestId('receipt')).toBeVisible();
      await shot('receipt-320');
    });
  }
});
