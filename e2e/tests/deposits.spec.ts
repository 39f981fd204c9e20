import type { Page } from '@playwright/test';
import { QR_PROVIDERS } from '@wallet/contract/limits';
import { expect, LANGUAGES, testOnOwnServer } from '../support/fixtures.ts';
import { saveScreen } from '../support/screens.ts';
import { signInQuickly } from '../support/sign-in.ts';
import { sheetSettled } from '../support/sheet.ts';

// deposits raise the demo member's balance: this file runs on a server of its own, so the other specs sharing the
// worker's server keep the opening balance they expect
const test = testOnOwnServer();

/** "฿1,234.50" / "1,234.50" → 1234.5 */
const amountOf = (text: string | null) => Number((text ?? '').replace(/[^\d.-]/g, ''));
const walletAmount = async (page: Page) => amountOf(await page.getByTestId('wallet-amount').textContent());

/** Create a QR in the open deposit modal and answer its raw payload. */
async function createQr(page: Page, provider: string, quick: number): Promise<string> {
  await page.getByTestId(`qr-provider-${provider}`).click();
  await expect(page.getByTestId('qr-create')).toBeVisible();
  await page.getByTestId(`qr-quick-${quick}`).click();
  await page.getByTestId('qr-create').click();
  await expect(page.getByTestId('qr-image')).toBeVisible();
  await expect(page.getByTestId('qr-countdown')).toHaveText(/^0[0-5]:\d\d$/);
  const payload = await page.getByTestId('qr-view').getAttribute('data-payload');
  expect(payload).toMatch(/^000201010212/);
  return payload!;
}

test.describe('deposits', () => {
  for (const lang of LANGUAGES) {
    test(`QR deposit paid in the sandbox bank: the balance rises without a reload (${lang})`, async ({ page }) => {
      const shot = (step: string) => saveScreen(page, { test: 'deposits', step, lang });
      await signInQuickly(page, lang);
      await page.goto('/user/home');
      await expect(page.getByTestId('wallet-amount')).not.toBeEmpty();
      const before = await walletAmount(page);

      await page.getByTestId('widget-deposit').click();

      await sheetSettled(page);
      await expect(page.getByTestId('qr-create')).toBeVisible();
      await expect(page.getByTestId('qr-create')).toBeDisabled();
      await page.getByTestId('qr-quick-100').click();
      await shot('qr-form');
      await page.getByTestId('qr-create').click();
      await expect(page.getByTestId('qr-image')).toBeVisible();
      const payload = await page.getByTestId('qr-view').getAttribute('data-payload');
      await shot('qr-shown');

      // the payer's banking app (the sandbox) pays; the provider's signed webhook credits; the socket pushes
      const paid = await page.request.post('/sandbox/qr/pay', { data: { payload } });
      expect(paid.ok()).toBe(true);
      await expect(page.getByTestId('deposit-credited-amount')).toContainText('100.00');
      await shot('qr-credited');
      await page.getByTestId('deposit-close').click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect.poll(() => walletAmount(page)).toBe(before + 100);

      // the bank transfer tab: receiving accounts, copy buttons and the facts
      await page.getByTestId('widget-deposit').click();
      await sheetSettled(page);
      await page.getByTestId('deposit-tab-bank').click();
      await expect(page.getByTestId('deposit-bank').first()).toBeVisible();
      await shot('bank');

      // True Wallet: a gift link, encrypted in the page, redeemed and credited
      await page.getByTestId('deposit-tab-truewallet').click();
      await expect(page.getByTestId('truelink-send')).toBeDisabled();
      const gift = await page.request.post('/sandbox/truewallet/vouchers', { data: { amount: 40 } });
      const { link } = (await gift.json()) as { link: string };
      await page.getByTestId('truelink-input').fill(link);
      await shot('truewallet');
      await page.getByTestId('truelink-send').click();
      await expect(page.getByTestId('deposit-credited-amount')).toContainText('40.00');
      await page.getByTestId('deposit-close').click();
      await expect.poll(() => walletAmount(page)).toBe(before + 140);
    });
  }

  test('a bank-transfer slip from the sandbox bank is uploaded with progress and credited', async ({ page }) => {
    await signInQuickly(page, 'th');
    await page.goto('/user/home');
    await expect(page.getByTestId('wallet-amount')).not.toBeEmpty();
    const before = await walletAmount(page);
    // the member transfers from the registered account to the site's KBANK account; the bank app shows the e-slip
    const transfer = await page.request.post('/sandbox/bank/transfers', {
      data: {
        fromBankCode: 'KBANK',
        fromAccountNo: '0123456789',
        // the demo member's registered account name as the bank prints it (the slip rules compare names)
        fromNameEn: 'MR DEMO PLAYER',
        toBankCode: 'KBANK',
        toAccountNo: '0481234567',
        amount: 321,
      },
    });
    expect(transfer.ok()).toBe(true);
    const { slipUrl } = (await transfer.json()) as { slipUrl: string };
    const png = await (await page.request.get(slipUrl)).body();

    await page.getByTestId('widget-deposit').click();

    await sheetSettled(page);
    await page.getByTestId('deposit-tab-bank').click();
    await page.getByTestId('slip-file').setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByTestId('slip-preview')).toBeVisible();
    await saveScreen(page, { test: 'deposits', step: 'slip-preview', lang: 'th' }, { fullPage: true });
    await page.getByTestId('slip-upload').click();
    // the credit is pushed: the modal shows the amount and the balance rises without a reload
    await expect(page.getByTestId('deposit-credited-amount')).toContainText('321.00');
    await saveScreen(page, { test: 'deposits', step: 'slip-credited', lang: 'th' });
    await page.getByTestId('deposit-close').click();
    await expect.poll(() => walletAmount(page)).toBe(before + 321);

    // the same slip again is refused as a duplicate
    await page.getByTestId('widget-deposit').click();
    await sheetSettled(page);
    await page.getByTestId('deposit-tab-bank').click();
    await page.getByTestId('slip-file').setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: png });
    await page.getByTestId('slip-upload').click();
    await expect(page.getByTestId('slip-result')).toHaveAttribute('role', 'alert');
    await saveScreen(page, { test: 'deposits', step: 'slip-duplicate', lang: 'th' }, { fullPage: true });
    expect(await walletAmount(page)).toBe(before + 321);
  });

  test('every QR provider: create, pay, credited (th); cancel; the sandbox pay page', async ({ page, context }) => {
    test.setTimeout(120_000);
    await signInQuickly(page, 'th');
    await page.goto('/user/home');
    await expect(page.getByTestId('wallet-amount')).not.toBeEmpty();
    let expected = await walletAmount(page);
    await page.getByTestId('widget-deposit').click();
    await sheetSettled(page);

    for (const provider of QR_PROVIDERS.filter((p) => p !== 'ZPAY')) {
      const payload = await createQr(page, provider, 500);
      expect((await page.request.post('/sandbox/qr/pay', { data: { payload } })).ok()).toBe(true);
      await expect(page.getByTestId('deposit-credited-amount')).toContainText('500.00');
      expected += 500;
      await page.getByTestId('deposit-close').click();
      await expect.poll(() => walletAmount(page)).toBe(expected);
      await page.getByTestId('widget-deposit').click();
      await sheetSettled(page);
    }

    // cancel drops the QR and offers the form again
    await createQr(page, 'ZPAY', 50);
    await page.getByTestId('qr-cancel').click();
    await expect(page.getByTestId('qr-create')).toBeVisible();

    // a person pays on the sandbox bank's page
    const payload = await createQr(page, 'ZPAY', 100);
    const bank = await context.newPage();
    await bank.goto(`/sandbox/qr/pay?payload=${encodeURIComponent(payload)}`);
    await bank.locator('#pay').click();
    await expect(bank.locator('#out')).toContainText('"delivered": true');
    await bank.close();
    await expect(page.getByTestId('deposit-credited-amount')).toContainText('100.00');
    await page.getByTestId('deposit-close').click();
    await expect.poll(() => walletAmount(page)).toBe(expected + 100);
  });
});
