import type { Page } from '@playwright/test';
import { expect, LANGUAGES, test } from '../support/fixtures.ts';
import { editDemoWheel } from '../support/operator.ts';
import { saveScreen } from '../support/screens.ts';
import { DEMO, signInQuickly } from '../support/sign-in.ts';

const OPENING_BALANCE = 1000;
const FIRST_TRANSFER = 100;

/** "฿1,234.50" / "1,234.50" → 1234.5 */
const amountOf = (text: string | null) => Number((text ?? '').replace(/[^\d.-]/g, ''));
const readAmount = async (page: Page, testId: string) => amountOf(await page.getByTestId(testId).textContent());

async function closeModal(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

// Tests share the worker's server (one demo member) but do not depend on each other's state.
test.describe('money', () => {
  test('open pg, transfer 100, play the demo slot, check balance, collect all, statement', async ({
    page,
    context,
    server,
  }) => {
    test.setTimeout(120_000);
    // collect-all takes the wheel's place on home only while no wheel is active (the demo seeds an active one)
    await editDemoWheel(page.request, server, () => ({ isActive: false }));
    const shot = (step: string) => saveScreen(page, { test: 'money', step: `flow-${step}`, lang: 'th' });

    // log in through the form
    await page.goto('/login');
    await page.locator('input[name=username]').fill(DEMO.phone);
    await page.locator('input[name=password]').fill(DEMO.password);
    await page.getByTestId('login-form').getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }).click();
    await expect(page).toHaveURL(/\/user\/home$/);
    await expect(page.getByTestId('total-balance')).toContainText('1,000.00');
    // the agreement opens by itself 1.5 s after home loads
    await page.getByTestId('agreement-accept').click();
    await expect(page.getByTestId('agreement-modal')).toHaveCount(0);
    expect(await readAmount(page, 'wallet-amount')).toBe(OPENING_BALANCE);
    await shot('home');

    // open the pg account
    await page.getByTestId('game-card-pg').click();
    await expect(page.getByTestId('game-activate')).toBeVisible();
    await page.getByTestId('game-activate').click();
    await expect(page.getByTestId('game-username')).not.toBeEmpty();
    await expect(page.getByTestId('game-password')).not.toBeEmpty();
    await closeModal(page);
    await expect(page.getByTestId('game-balance-pg')).toHaveText('0.00');

    // transfer 100 from the wallet to pg
    await page.getByTestId('widget-transfer').click();
    await page.getByTestId('transfer-to').selectOption('pg');
    await page.getByTestId('quick-amount-100').click();
    await page.getByTestId('transfer-submit').click();
    await expect(page.getByTestId('transfer-success')).toBeVisible();
    await page.getByTestId('transfer-done').click();
    await expect(page.getByTestId('wallet-amount')).toHaveText('900.00');
    await expect(page.getByTestId('games-amount')).toHaveText('100.00');
    await expect(page.getByTestId('total-balance')).toContainText('1,000.00');

    // play: the remaining 900 moves into pg first (transfer-and-play), then the launch link opens in a new tab
    await page.getByTestId('game-card-pg').click();
    await expect(page.getByTestId('game-play-hint')).toContainText('900.00');
    const [game] = await Promise.all([context.waitForEvent('page'), page.getByTestId('game-play').click()]);
    await game.waitForURL(/\/sandbox\//);
    await expect(game.getByTestId('balance')).toHaveText('฿1,000.00');
    const spin = game.getByTestId('spin');
    for (let spins = 1; spins <= 3; spins++) {
      await spin.click();
      await expect(game.getByTestId('history').locator('li')).toHaveCount(spins);
      await expect(spin).toBeEnabled();
    }
    const afterPlay = amountOf(await game.getByTestId('balance').textContent());
    expect(afterPlay).toBeGreaterThanOrEqual(0);
    await saveScreen(game, { test: 'money', step: 'flow-demo-slot', lang: 'th' }, { check: false });
    await game.close();

    // back in the wallet: check balance pulls the game balance from the provider
    await closeModal(page);
    await expect(page.getByTestId('wallet-amount')).toHaveText('0.00');
    await page.getByTestId('check-balance').click();
    await expect.poll(() => readAmount(page, 'games-amount')).toBe(afterPlay);
    await expect.poll(() => readAmount(page, 'game-balance-pg')).toBe(afterPlay);
    await expect(page.getByTestId('last-update')).toContainText(/\d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d/);
    await shot('after-play');

    // collect everything back to the wallet (the wheel was switched off, so collect-all takes its place)
    await page.getByTestId('widget-collect-all').click();
    await expect.poll(() => readAmount(page, 'wallet-amount')).toBe(afterPlay);
    await expect(page.getByTestId('games-amount')).toHaveText('0.00');
    expect(await readAmount(page, 'total-balance')).toBe(afterPlay);
    await shot('after-collect');

    // the statement shows the three transfers
    await page.getByRole('link', { name: 'ประวัติ' }).click();
    await expect(page).toHaveURL(/\/user\/statement$/);
    const transfers = page.locator('[data-testid=statement-row][data-type=transfer]');
    await expect(transfers).toHaveCount(3);
    const amounts = (await transfers.getByTestId('statement-amount').allTextContents()).map((text) =>
      text.replace(/\s/g, ''),
    );
    expect(amounts).toEqual(expect.arrayContaining([`−${FIRST_TRANSFER}.00`, '−900.00']));
    expect(amounts.some((text) => text.startsWith('+'))).toBe(true);
    await expect(transfers.first().getByTestId('statement-route')).toContainText('PG Soft');
    await shot('statement');
  });

  for (const lang of LANGUAGES) {
    test(`home and its modals at 390×844 (${lang})`, async ({ page }) => {
      const shot = (step: string) => saveScreen(page, { test: 'money', step, lang });
      await signInQuickly(page, lang);
      await page.goto('/user/home');
      await expect(page.getByTestId('total-balance')).toBeVisible();
      await expect(page.getByTestId('games-slot')).toBeVisible();
      await shot('home');
      await saveScreen(page, { test: 'money', step: 'home-full', lang }, { fullPage: true });

      // an account not opened yet, and the opened pg account
      await page.getByTestId('game-card-joker2').click();
      await expect(page.getByTestId('game-activate')).toBeVisible();
      await shot('game-inactive');
      await closeModal(page);
      await page.getByTestId('game-card-pg').click();
      const activate = page.getByTestId('game-activate');
      if (await activate.isVisible()) await activate.click();
      await expect(page.getByTestId('game-username')).not.toBeEmpty();
      await shot('game-active');
      await closeModal(page);

      // transfer: a validation message, then a 1-baht transfer's success
      await page.getByTestId('widget-transfer').click();
      await page.getByTestId('transfer-to').selectOption('WALLET');
      await page.getByTestId('transfer-submit').click();
      await expect(page.getByRole('alert')).toBeVisible();
      await shot('transfer-invalid');
      await page.getByTestId('transfer-to').selectOption('pg');
      await page.getByTestId('transfer-amount').fill('1');
      await shot('transfer-form');
      await page.getByTestId('transfer-submit').click();
      await expect(page.getByTestId('transfer-success')).toBeVisible();
      await shot('transfer-success');
      await page.getByTestId('transfer-done').click();
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await page.getByTestId('widget-invite').click();
      // invite: its banners first (the demo seeds some), then the invite modal
      await expect(page.getByTestId('banners-carousel')).toBeVisible();
      await page.getByTestId('banners-continue').click();
      await expect(page.getByTestId('invite-dialog')).toBeVisible();
      await shot('invite');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await page.goto('/user/statement');
      await expect(page.getByTestId('statement-row').first()).toBeVisible();
      await shot('statement');
    });
  }

  test('home shows a transfer made in another tab without a refresh (wallet.changed)', async ({ page }) => {
    await signInQuickly(page, 'th');
    await page.goto('/user/home');
    await expect(page.getByTestId('wallet-amount')).not.toBeEmpty();
    const before = await readAmount(page, 'wallet-amount');

    // "another tab": the same member's API calls, outside this page
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const headers = { 'X-Wallet-User': '1', Authorization: `Bearer ${token}` };
    const activate = await page.request.get('/api/wallet/activate/pg', { headers });
    expect([200, 409]).toContain(activate.status());
    const transfer = await page.request.post('/api/wallet/transfer', {
      data: { from: 'WALLET', to: 'pg', amount: 10 },
      headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(transfer.ok()).toBe(true);

    await expect.poll(() => readAmount(page, 'wallet-amount')).toBe(before - 10);
  });
});
