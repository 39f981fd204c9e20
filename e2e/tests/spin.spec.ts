import type { APIRequestContext, Page } from '@playwright/test';
import { mkdirSync, copyFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Language } from '../support/fixtures.ts';
import { editDemoWheel, signInConsoleContext } from '../support/operator.ts';
import { saveScreen } from '../support/screens.ts';
import { DEMO, signInQuickly } from '../support/sign-in.ts';
import { sheetSettled } from '../support/sheet.ts';

/** Copies of this spec's screens for review (the brief's /tmp/shots-wheel); unset SHOTS_DIR to skip. */
const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/shots-wheel';
async function shot(page: Page, step: string, lang: Language) {
  // the back-office page shows every language's slice labels side by side: no wrong-script check there
  const file = await saveScreen(
    page,
    { test: 'spin', step, lang },
    { fullPage: step === 'admin', check: step !== 'admin' },
  );
  mkdirSync(SHOTS_DIR, { recursive: true });
  copyFileSync(file, path.join(SHOTS_DIR, path.basename(file)));
}

const TAU = Math.PI * 2;
/** The slice under the pointer at a rotation (the player's wheel-geometry.ts, restated from the outside). */
const sliceAtPointer = (rotation: number, count: number) =>
  Math.floor((((-rotation % TAU) + TAU) % TAU) / (TAU / count)) % count;

async function memberApi(request: APIRequestContext) {
  const login = await request.post('/api/login', {
    data: { username: DEMO.phone, password: DEMO.password },
    headers: { 'X-Wallet-User': '1' },
  });
  const { token } = (await login.json()) as { token: string };
  const headers = { 'X-Wallet-User': '1', Authorization: `Bearer ${token}` };
  return {
    wallet: async () =>
      ((await (await request.get('/api/wallet', { headers })).json()) as { wallet: { amount: number } }).wallet.amount,
    slices: async () =>
      (
        (await (await request.get('/api/spinwheel/setup', { headers })).json()) as {
          activeSpinwheel: { slices: Array<{ code: string }> };
        }
      ).activeSpinwheel.slices.map((s) => s.code),
  };
}

/** Spin once from /user/spin: the server's answer and the rotation the wheel stopped at. */
async function spinOnce(page: Page, lang: Language) {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/spinwheel/spin') && r.request().method() === 'POST'),
    page.getByTestId('spin-button').click(),
  ]);
  expect(response.status()).toBe(200);
  const answer = (await response.json()) as { result: { code: string; label: string; remainingCoin: number } };
  await shot(page, 'mid-spin', lang);
  await expect(page.getByTestId('prize-dialog')).toBeVisible({ timeout: 15_000 });
  const rotation = Number(await page.getByTestId('spin-canvas').getAttribute('data-rotation'));
  return { answer: answer.result, rotation };
}

test.describe('spin wheel', () => {
  test.beforeEach(async ({ page, server }) => {
    // only cash prizes can be drawn: every "try again" and bonus slice at weight 0 (saved through the back-office API)
    await editDemoWheel(page.request, server, (wheel) => ({
      isActive: true,
      slices: wheel.slices.map((s) => (s.prizeType === 'credit' ? s : { ...s, weight: 0 })),
    }));
  });

  test('a deposit gives a coin; spin: the wheel stops on the slice the server drew, prize modal, claim the coupon, balance rises', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const api = await memberApi(page.request);
    const codes = await api.slices();
    await signInQuickly(page, 'th');
    await page.goto('/user/home');
    // the demo member's coins so far (3 seeded, more from deposits other specs made on this server)
    await expect(page.getByTestId('widget-spin')).toContainText(/\d/);
    const coins = Number(/\d+/.exec((await page.getByTestId('widget-spin').textContent()) ?? '')?.[0]);
    expect(coins).toBeGreaterThanOrEqual(3);

    // a deposit gives coins: a 100-baht QR paid in the sandbox → deposit.credited → 1 coin (coinsPerHundred 1)
    await page.getByTestId('widget-deposit').click();
    await sheetSettled(page);
    await page.getByTestId('qr-quick-100').click();
    await page.getByTestId('qr-create').click();
    await expect(page.getByTestId('qr-image')).toBeVisible();
    const payload = await page.getByTestId('qr-view').getAttribute('data-payload');
    expect((await page.request.post('/sandbox/qr/pay', { data: { payload } })).ok()).toBe(true);
    await expect(page.getByTestId('deposit-credited-amount')).toContainText('100.00');
    await page.getByTestId('deposit-close').click();
    await expect(page.getByTestId('widget-spin')).toContainText(String(coins + 1));
    const before = await api.wallet();

    await page.getByTestId('widget-spin').click();
    await expect(page).toHaveURL(/\/user\/spin$/);
    await expect(page.getByTestId('spin-coins')).toHaveText(String(coins + 1));
    await shot(page, 'wheel', 'th');

    const { answer, rotation } = await spinOnce(page, 'th');
    // the wheel stopped exactly on the server's slice
    expect(sliceAtPointer(rotation, codes.length)).toBe(codes.indexOf(answer.code));
    await expect(page.getByTestId('prize-label')).toHaveText(answer.label);
    await shot(page, 'prize', 'th');
    await page.getByTestId('prize-close').click();
    await expect(page.getByTestId('spin-coins')).toHaveText(String(coins));

    // claim the coupon the prize became
    await expect(page.getByTestId('coupon-row')).toHaveCount(1);
    await expect(page.getByTestId('coupon-row')).toContainText(answer.label);
    await page.getByTestId('coupon-table').scrollIntoViewIfNeeded();
    await shot(page, 'coupons', 'th');
    await page.getByTestId('coupon-claim').click();
    await expect(page.getByTestId('claim-dialog')).toBeVisible();
    await shot(page, 'claim', 'th');
    await page.getByTestId('claim-confirm').click();
    await expect(page.getByTestId('claim-dialog')).toHaveCount(0);
    await expect(page.getByTestId('coupon-row')).toHaveCount(0);
    const prize = Number(/\d+/.exec(answer.code)?.[0]);
    await expect.poll(() => api.wallet()).toBe(before + prize);

    // the statement lists it as a lucky-draw bonus
    await page.goto('/user/statement');
    await expect(page.getByText(`${prize.toFixed(2)}`).first()).toBeVisible();
  });

  for (const lang of ['la', 'en'] as const) {
    test(`screens in ${lang}: wheel, odds, mid-spin, prize`, async ({ page, useLanguage }) => {
      test.setTimeout(60_000);
      await useLanguage(lang);
      await signInQuickly(page, lang);
      await page.goto('/user/spin');
      await expect(page.getByTestId('spin-canvas')).toBeVisible();
      await shot(page, 'wheel', lang);
      await page.getByTestId('spin-odds').click();
      await expect(page.getByTestId('odds-table')).toBeVisible();
      await shot(page, 'odds', lang);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      const coins = Number(await page.getByTestId('spin-coins').textContent());
      if (coins > 0) {
        await spinOnce(page, lang);
        await shot(page, 'prize', lang);
        await page.getByTestId('prize-close').click();
        await expect(page.getByTestId('spin-coins')).toHaveText(String(coins - 1));
      }
      await shot(page, 'after', lang);
    });
  }
});

test.describe('spin wheel back office', () => {
  test.use({
    viewport: { width: 1366, height: 900 },
    isMobile: false,
    hasTouch: false,
    deviceScaleFactor: 1,
    // the back-office shell has no favicon yet (admin-shell's to add); nothing else may log
    allowConsole: /favicon\.ico/,
  });

  for (const lang of ['th', 'en'] as const) {
    test(`the marketing page in ${lang}: wheel editor with odds, spins per day, coupons`, async ({ page, server }) => {
      // the console's session is the browser's cookie (support/operator.ts)
      await signInConsoleContext(page.context(), server);
      await page.addInitScript((language) => localStorage.setItem('wallet.admin.language', language), lang);
      await page.goto('/admin/spin-wheel');
      await expect(page.getByTestId('wheel-save')).toBeVisible();
      await expect(page.getByTestId('slice-row')).toHaveCount(8);
      await expect(page.getByTestId('slice-odds').first()).toContainText('%');
      await shot(page, 'admin', lang);
    });
  }
});
