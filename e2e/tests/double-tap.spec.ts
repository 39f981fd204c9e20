import type { Locator, Page, Request } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { editDemoWheel } from '../support/operator.ts';
import { saveScreen } from '../support/screens.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { signInQuickly } from '../support/sign-in.ts';
import { sheetSettled } from '../support/sheet.ts';

/**
 * Once per intent: every money button of the app, tapped twice faster than React renders (both clicks in one task,
 * before the first click's re-render can disable the button), sends one request for the intent, and the player sees
 * the first request's success — never "previous request still being processed".
 */

const GAME = 'joker2';
const amountOf = (text: string | null) => Number((text ?? '').replace(/[^\d.-]/g, ''));

/** Two taps in the same task: the second lands before any re-render (the worst case of a real double tap). */
const doubleTap = (button: Locator) =>
  button.evaluate((element: HTMLElement) => {
    element.click();
    element.click();
  });

/** Counts the requests to the money endpoints a page sends. */
function countRequests(page: Page) {
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) sent.push(request);
  });
  return (method: string, path: RegExp) =>
    sent.filter((request) => request.method() === method && path.test(new URL(request.url()).pathname)).length;
}

test.describe('double tap', () => {
  // an own server: this spec moves the demo member's whole wallet into a game
  let server: RunningServer;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startServer();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('activate, transfer, reset password, play and collect all: one request per intent, the success shows', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    const count = countRequests(page);
    const errorAlert = page.getByRole('alertdialog');
    // the seeded prize wheel takes the collect-all widget's place on home: switch it off (back-office API)
    await editDemoWheel(page.request, server, () => ({ isActive: false }));
    await signInQuickly(page, 'en', server.url);
    await page.goto(`${server.url}/user/home`);
    await expect(page.getByTestId('total-balance')).toBeVisible();
    const walletBefore = amountOf(await page.getByTestId('wallet-amount').textContent());
    expect(walletBefore).toBeGreaterThan(10);

    // open a game account
    await page.getByTestId(`game-card-${GAME}`).click();
    await doubleTap(page.getByTestId('game-activate'));
    await expect(page.getByTestId('game-username')).not.toBeEmpty();
    expect(count('GET', new RegExp(`^/api/wallet/activate/${GAME}$`))).toBe(1);
    await expect(errorAlert).toHaveCount(0);

    // reset its password (after the confirmation)
    const passwordBefore = await page.getByTestId('game-password').textContent();
    await page.getByTestId('game-reset-password').click();
    await doubleTap(page.getByTestId('game-reset-confirm-yes'));
    await expect(page.getByTestId('game-password')).not.toHaveText(passwordBefore ?? '');
    expect(count('GET', new RegExp(`^/api/wallet/resetpassword/${GAME}$`))).toBe(1);
    await expect(errorAlert).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // transfer 10 into the game
    await page.getByTestId('widget-transfer').click();
    await page.getByTestId('transfer-to').selectOption(GAME);
    await page.getByTestId('transfer-amount').fill('10');
    await doubleTap(page.getByTestId('transfer-submit'));
    await expect(page.getByTestId('transfer-success')).toBeVisible();
    await saveScreen(page, { test: 'double-tap', step: 'transfer-success', lang: 'en' });
    expect(count('POST', /^\/api\/wallet\/transfer$/)).toBe(1);
    await expect(errorAlert).toHaveCount(0);
    await page.getByTestId('transfer-done').click();
    await expect(page.getByTestId('wallet-amount')).toHaveText(
      (walletBefore - 10).toLocaleString('en-US', { minimumFractionDigits: 2 }),
    );
    await expect(page.getByTestId(`game-balance-${GAME}`)).toHaveText('10.00');

    // play: the rest of the wallet moves into the game once, one launch link, one tab
    const opened: Page[] = [];
    context.on('page', (tab) => opened.push(tab));
    await page.getByTestId(`game-card-${GAME}`).click();
    await doubleTap(page.getByTestId('game-play'));
    await expect.poll(() => count('GET', /^\/api\/autoLogin\//)).toBe(1);
    await expect.poll(() => opened[0]?.url() ?? '').toMatch(/\/sandbox\//);
    expect(opened).toHaveLength(1);
    expect(count('POST', /^\/api\/wallet\/transfer$/)).toBe(2);
    await opened[0]?.close();
    await expect(errorAlert).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('wallet-amount')).toHaveText('0.00');

    // collect everything back to the wallet
    await doubleTap(page.getByTestId('widget-collect-all'));
    await expect(page.getByText(/collected|moved back/i)).toBeVisible();
    expect(count('POST', /^\/api\/wallet\/transferAll$/)).toBe(1);
    await expect(errorAlert).toHaveCount(0);
    await expect.poll(async () => amountOf(await page.getByTestId('wallet-amount').textContent())).toBe(walletBefore);
    await expect(page.getByTestId('games-amount')).toHaveText('0.00');
  });

  test('withdraw, QR and True Wallet deposits, refund, invite bonus, promotion code, cancel, spin and coupon: one request per intent', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const count = countRequests(page);
    const errorAlert = page.getByRole('alertdialog');
    // the wheel on, with only its credit prizes drawable (the coupon then credits the wallet, no condition)
    await editDemoWheel(page.request, server, (wheel) => ({
      isActive: true,
      slices: wheel.slices.map((s) => (s.prizeType === 'credit' ? s : { ...s, weight: 0 })),
    }));
    await signInQuickly(page, 'en', server.url);
    await page.goto(`${server.url}/user/home`);

    // withdraw
    await page.getByTestId('widget-withdraw').click();
    await expect(page.getByTestId('withdraw-submit')).toBeEnabled();
    await page.getByTestId('withdraw-amount').fill('100');
    await doubleTap(page.getByTestId('withdraw-submit'));
    // the review step: confirming twice in one frame is still one request
    await doubleTap(page.getByTestId('withdraw-confirm'));
    await expect(page.getByTestId('withdraw-success')).toBeVisible();
    expect(count('POST', /^\/api\/wallet\/withdraw$/)).toBe(1);
    await page.getByTestId('withdraw-done').click();

    // a QR deposit: one QR created
    await page.getByTestId('widget-deposit').click();
    await sheetSettled(page);
    await page.getByTestId('qr-quick-100').click();
    await doubleTap(page.getByTestId('qr-create'));
    await expect(page.getByTestId('qr-image')).toBeVisible();
    expect(count('POST', /^\/api\/qrcode\/[A-Z]+$/)).toBe(1);
    await page.getByTestId('qr-cancel').click();
    // a True Wallet gift link: sent and credited once
    await page.getByTestId('deposit-tab-truewallet').click();
    const gift = await page.request.post(`${server.url}/sandbox/truewallet/vouchers`, { data: { amount: 40 } });
    await page.getByTestId('truelink-input').fill(((await gift.json()) as { link: string }).link);
    await doubleTap(page.getByTestId('truelink-send'));
    await expect(page.getByTestId('deposit-credited-amount')).toContainText('40.00');
    expect(count('POST', /^\/api\/wallet\/truelink$/)).toBe(1);
    await page.getByTestId('deposit-close').click();

    // the refund: received once, then added to the wallet once
    await page.getByTestId('widget-refund').click();
    await page.getByTestId('banners-continue').click();
    await expect(page.getByTestId('refund-dialog')).toBeVisible();
    await doubleTap(page.getByTestId('refund-receive'));
    await expect(page.getByTestId('refund-confirm')).toBeVisible();
    expect(count('GET', /^\/api\/refund\/receive$/)).toBe(1);
    await doubleTap(page.getByTestId('refund-confirm-yes'));
    await expect(page.getByTestId('refund-log').locator('tbody tr').first()).toBeVisible();
    expect(count('GET', /^\/api\/refund\/addWallet$/)).toBe(1);
    await page.keyboard.press('Escape');

    // the refund's credit condition ends at once (the member's balance is far above 200 % of it): then the invite bonus
    await expect
      .poll(async () => {
        await page.reload();
        await expect(page.getByTestId('total-balance')).toBeVisible();
        return page.getByTestId('home-condition').count();
      })
      .toBe(0);
    await page.getByTestId('referral-receive').click();
    await expect(page.getByTestId('invite-dialog')).toBeVisible();
    await doubleTap(page.getByTestId('invite-receive'));
    await expect(page.getByTestId('invite-amount')).toContainText('0.00');
    expect(count('GET', /^\/api\/invite\/bonus$/)).toBe(1);
    await page.keyboard.press('Escape');

    // a promotion code, activated once, then cancelled once (after the invite bonus's condition has ended too)
    await expect
      .poll(async () => {
        await page.goto(`${server.url}/user/bonus`);
        await expect(page.getByTestId('bonus-list').or(page.getByTestId('active-bonus'))).toBeVisible();
        return page.getByTestId('promo-form').count();
      })
      .toBe(1);
    await page.getByTestId('promo-code').fill('WELCOME100');
    await page.getByTestId('promo-find').click();
    await expect(page.getByTestId('promo-found')).toBeVisible();
    await doubleTap(page.getByTestId('promo-activate'));
    await expect(page.getByTestId('active-bonus')).toBeVisible();
    expect(count('GET', /^\/api\/promotion\/activate\//)).toBe(1);
    await page.getByTestId('bonus-cancel').click();
    await doubleTap(page.getByTestId('bonus-cancel-yes'));
    await expect(page.getByTestId('promo-form')).toBeVisible();
    expect(count('GET', /^\/api\/bonus\/clear$/)).toBe(1);

    // the wheel: one spin spends one coin; its coupon is claimed once
    await page.goto(`${server.url}/user/spin`);
    const coins = Number(await page.getByTestId('spin-coins').textContent());
    expect(coins).toBeGreaterThan(0);
    await doubleTap(page.getByTestId('spin-button'));
    await expect(page.getByTestId('prize-dialog')).toBeVisible({ timeout: 15_000 });
    expect(count('POST', /^\/api\/spinwheel\/spin$/)).toBe(1);
    await page.getByTestId('prize-close').click();
    await expect(page.getByTestId('spin-coins')).toHaveText(String(coins - 1));
    await page.getByTestId('coupon-claim').first().click();
    await doubleTap(page.getByTestId('claim-confirm'));
    await expect(page.getByTestId('claim-dialog')).toHaveCount(0);
    expect(count('POST', /^\/api\/spinwheel\/coupon\/claim$/)).toBe(1);
    await expect(errorAlert).toHaveCount(0);
  });
});
