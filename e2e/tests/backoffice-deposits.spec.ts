import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, testOnOwnServer } from '../support/fixtures.ts';
import { approveSettingAsSecondAdmin } from '../support/four-eyes.ts';
import { demoOperatorToken, signInConsoleContext } from '../support/operator.ts';
import { saveScreen } from '../support/screens.ts';
import type { RunningServer } from '../support/server.ts';
import { DEMO, signInQuickly } from '../support/sign-in.ts';
import { sheetSettled } from '../support/sheet.ts';

// deposits raise the demo member's balance and manual mode changes a setting: a server of this file's own
const test = testOnOwnServer();

const amountOf = (text: string | null) => Number((text ?? '').replace(/[^\d.-]/g, ''));
const walletAmount = async (page: Page) => amountOf(await page.getByTestId('wallet-amount').textContent());
const HEADERS = { 'X-Wallet-User': '1' };

/** The demo operator on /admin at desktop size, in `lang`. */
async function operatorPage(browser: Browser, server: RunningServer, lang: 'th' | 'en'): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 1366, height: 900 },
    locale: lang === 'th' ? 'th-TH' : 'en-US',
    timezoneId: 'Asia/Bangkok',
  });
  await context.addInitScript((language) => localStorage.setItem('wallet.admin.language', language), lang);
  // one console session per server for every context: each form sign-in spent a TOTP step, and a third within 30 s
  // waited for the clock (the form itself is proven by the specs that sign in through it)
  await signInConsoleContext(context, server);
  const page = await context.newPage();
  await page.goto('/admin/');
  await expect(page.getByTestId('operator-chip')).toBeVisible();
  return page;
}

async function memberToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/login', {
    data: { username: DEMO.phone, password: DEMO.password },
    headers: HEADERS,
  });
  return ((await login.json()) as { token: string }).token;
}

async function setManualMode(request: APIRequestContext, server: RunningServer, isManual: boolean) {
  const token = await demoOperatorToken(request, server);
  const auth = { ...HEADERS, Authorization: `Bearer ${token}` };
  const all = (await (await request.get('/api/admin/settings', { headers: auth })).json()) as {
    settings: Array<{ key: string; value: Record<string, unknown> }>;
  };
  const current = all.settings.find((s) => s.key === 'deposit')!.value;
  const saved = await request.put('/api/admin/settings/deposit', {
    headers: auth,
    data: { value: { ...current, isManual } },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  // the receiving accounts are money-critical: the change waits for a second admin (docs/decisions/0022)
  if (((await saved.json()) as { pending: unknown }).pending)
    await approveSettingAsSecondAdmin(request, server, 'deposit');
}

test.describe('deposits in the back office', () => {
  test('a slip deposit appears for finance with its stored image (th, en)', async ({ page, browser, ownServer }) => {
    const token = await memberToken(page.request);
    const transfer = await page.request.post('/sandbox/bank/transfers', {
      data: {
        fromBankCode: 'KBANK',
        fromAccountNo: '0123456789',
        // the demo member's registered account name as the bank prints it (the slip rules compare names)
        fromNameEn: 'MR DEMO PLAYER',
        toBankCode: 'KBANK',
        toAccountNo: '0481234567',
        amount: 275,
      },
    });
    const { slipUrl } = (await transfer.json()) as { slipUrl: string };
    const png = await (await page.request.get(slipUrl)).body();
    const uploaded = await page.request.post('/api/wallet/slip', {
      headers: { ...HEADERS, Authorization: `Bearer ${token}` },
      multipart: { file: { name: 'slip.png', mimeType: 'image/png', buffer: png } },
    });
    const slip = (await uploaded.json()) as { status: string; reference: string };
    expect(slip.status).toBe('SUCCESS');

    // the member's own slip: the statement's slip table and the image behind its signed link
    await signInQuickly(page, 'th');
    await page.goto('/user/statement');
    await page.getByTestId('statement-slips').click();
    await expect(page.getByTestId('slip-row').first()).toContainText('275.00');
    await saveScreen(page, { test: 'deposits', step: 'slip-table', lang: 'th' });
    await page.getByTestId('slip-view').first().click();
    const own = page.getByTestId('slip-image-view').locator('img');
    await expect(own).toBeVisible();
    expect(await own.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
    await saveScreen(page, { test: 'deposits', step: 'slip-image', lang: 'th' });

    for (const lang of ['th', 'en'] as const) {
      const admin = await operatorPage(browser, ownServer, lang);
      await admin.goto('/admin/deposits?channel=slip');
      await expect(admin.getByTestId(`deposit-status-${slip.reference}`)).toBeVisible();
      await saveScreen(admin, { test: 'backoffice-deposits', step: 'slips', lang }, { check: false });
      await admin.getByTestId(`details-${slip.reference}`).click();
      const image = admin.getByTestId('deposit-slip-image');
      await expect(image).toBeVisible();
      expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
      // the decoded mini-QR and the bank's verification answer
      await expect(admin.getByTestId('deposit-detail')).toContainText(/004\.[0-9A-F]{10,}/);
      await expect(admin.getByTestId('deposit-detail')).toContainText('xxx-x-x5678-x');
      await saveScreen(admin, { test: 'backoffice-deposits', step: 'slip-detail', lang }, { check: false });
      await admin.context().close();
    }
  });

  test('manual mode: the player notifies, finance confirms, the balance rises (th, la, en)', async ({
    page,
    browser,
    ownServer,
  }) => {
    test.setTimeout(150_000);
    await setManualMode(page.request, ownServer, true);
    const admin = await operatorPage(browser, ownServer, 'th');
    try {
      for (const [i, lang] of (['th', 'la', 'en'] as const).entries()) {
        const amount = 200 + i * 50;
        const player = await browser.newPage({ baseURL: ownServer.url, viewport: { width: 390, height: 844 } });
        await signInQuickly(player, lang);
        await player.goto('/user/home');
        await expect(player.getByTestId('wallet-amount')).not.toBeEmpty();
        const before = await walletAmount(player);
        await player.getByTestId('widget-deposit').click();
        await sheetSettled(player);
        await expect(player.getByTestId('manual-notice')).toBeVisible();
        await expect(player.getByTestId('deposit-tab-qr')).toHaveCount(0);
        await expect(player.getByTestId('manual-send')).toBeDisabled();
        await player.getByTestId('manual-amount').fill(String(amount));
        await saveScreen(player, { test: 'deposits-manual', step: 'form', lang }, { fullPage: true });
        await player.getByTestId('manual-send').click();
        await expect(player.getByTestId('manual-sent')).toBeVisible();
        await saveScreen(player, { test: 'deposits-manual', step: 'sent', lang }, { fullPage: true });
        expect(await walletAmount(player)).toBe(before);

        // finance finds the transfer on the bank statement and confirms the notice
        await admin.goto('/admin/deposits?status=review&channel=manual');
        await expect(admin.locator('[data-testid^=confirm-]')).toHaveCount(1);
        if (lang === 'th') await saveScreen(admin, { test: 'backoffice-deposits', step: 'manual-queue', lang: 'th' });
        await admin.locator('[data-testid^=confirm-]').first().click();
        const dialog = admin.getByRole('dialog');
        await dialog.locator('textarea').fill(`statement line ${amount}`);
        await dialog.getByRole('button', { name: 'ยืนยัน' }).click();
        await expect(dialog).toHaveCount(0);
        await expect(admin.locator('[data-testid^=confirm-]')).toHaveCount(0);

        // the push reaches the open modal; the balance rises without a reload
        await expect(player.getByTestId('deposit-credited-amount')).toContainText(`${amount}.00`);
        await saveScreen(player, { test: 'deposits-manual', step: 'credited', lang });
        await player.getByTestId('deposit-close').click();
        await expect.poll(() => walletAmount(player)).toBe(before + amount);
        await player.close();
      }
      await admin.goto('/admin/deposits?channel=manual');
      // the three notices, confirmed (the demo data holds other manual deposits: the demo friend's)
      for (const amount of [200, 250, 300]) {
        await expect(admin.getByRole('row').filter({ hasText: `${amount}.00` })).toHaveCount(1);
      }
      await saveScreen(admin, { test: 'backoffice-deposits', step: 'manual-all', lang: 'th' }, { check: false });
    } finally {
      await admin.context().close();
      await setManualMode(page.request, ownServer, false);
    }
  });
});
