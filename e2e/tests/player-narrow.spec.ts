import type { Page } from '@playwright/test';
import { expect, LANGUAGES, testOnOwnServer } from '../support/fixtures.ts';
import { sweep } from '../support/narrow-screen.ts';
import { newestCode, signInQuickly } from '../support/sign-in.ts';
import { sheetSettled } from '../support/sheet.ts';

/**
 * Every player screen and sheet at 320×568 and 390×844 in th, la and en, each checked by sweep (support/
 * narrow-screen.ts): no sideways overflow (the elements that stick out are named), no text in the wrong script (no
 * Thai on a Lao or English screen), no raw key, no cut or spilling label, every control at least 44×44 px (WCAG
 * 2.5.8) except the listed exceptions. Screenshots go to SHOTS_DIR (default e2e/artifacts/screens/player-narrow)
 * for a person to look at. English withdrawal rows of the statement
 * keep their amount, status and route whole at 390 px. It moves the demo member's money (a QR paid, a withdrawal),
 * so it runs on a server of its own.
 */
const test = testOnOwnServer();

const closeSheet = async (page: Page) => {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
};

/** a fresh number per language for the register and forgot-password steps (the demo member is 0812345678) */
const NEW_PHONE = { th: '0891110001', la: '0891110002', en: '0891110003' } as const;

test.describe('player app at 320 and 390 px', () => {
  for (const lang of LANGUAGES) {
    test(`every screen and sheet (${lang})`, async ({ page, useLanguage }) => {
      test.setTimeout(240_000);
      const check = (step: string) => sweep(page, lang, step);

      // signed out
      await useLanguage(lang);
      await page.goto('/login');
      await expect(page.getByTestId('login-form')).toBeVisible();
      await check('login');
      await page.goto('/forgot-password');
      await expect(page.getByTestId('forgot-phone-step')).toBeVisible();
      await check('forgot-password');
      await page.goto('/register');
      await expect(page.getByTestId('phone-step')).toBeVisible();
      await check('register-phone');
      await page.locator('input[name=phone]').fill(NEW_PHONE[lang]);
      await page.getByTestId('phone-step').locator('button[type=submit]').click();
      await expect(page.getByTestId('register-wizard')).toHaveAttribute('data-step', 'otp');
      await check('register-otp');
      await page.locator('input[name=otp]').fill(await newestCode(page.request, NEW_PHONE[lang]));
      await page.getByTestId('otp-step').locator('button[type=submit]').click();
      await expect(page.getByTestId('profile-step')).toBeVisible();
      await check('register-profile');
      await page.goto('/howto');
      await expect(page.getByTestId('howto-list').getByRole('button').first()).toBeVisible();
      await check('howto');
      await page.goto('/contact');
      await expect(page.getByTestId('line-qr')).toHaveAttribute('data-generated', 'true');
      await check('contact');

      // signed in: home and its sheets
      await signInQuickly(page, lang);
      await page.goto('/user/home');
      await expect(page.getByTestId('wallet-amount')).not.toBeEmpty();
      await check('home');

      await page.getByTestId('widget-deposit').click();

      await sheetSettled(page);
      await expect(page.getByTestId('qr-create')).toBeVisible();
      await check('deposit-qr');
      await page.getByTestId('qr-quick-100').click();
      await page.getByTestId('qr-create').click();
      await expect(page.getByTestId('qr-image')).toBeVisible();
      const payload = await page.getByTestId('qr-view').getAttribute('data-payload');
      await check('deposit-qr-view');
      await page.getByTestId('deposit-tab-bank').click();
      await expect(page.getByTestId('deposit-tab-bank')).toHaveAttribute('aria-selected', 'true');
      await check('deposit-slip');
      if ((await page.getByTestId('deposit-tab-truewallet').count()) > 0) {
        await page.getByTestId('deposit-tab-truewallet').click();
        await expect(page.getByTestId('truelink-input')).toBeVisible();
        await check('deposit-truewallet');
      }
      await closeSheet(page);
      // the QR paid: a deposit row in the statement and an inbox entry
      expect((await page.request.post('/sandbox/qr/pay', { data: { payload } })).ok()).toBe(true);

      await page.getByTestId('widget-withdraw').click();
      await expect(page.getByTestId('withdraw-submit')).toBeEnabled();
      await check('withdraw');
      await page.getByTestId('withdraw-amount').fill('100');
      await page.getByTestId('withdraw-submit').click();
      await expect(page.getByTestId('withdraw-review')).toBeVisible();
      await check('withdraw-review');
      await page.getByTestId('withdraw-confirm').click();
      await expect(page.getByTestId('withdraw-success')).toBeVisible();
      await check('withdraw-success');
      await closeSheet(page);

      await page.getByTestId('widget-transfer').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await check('transfer');
      await closeSheet(page);

      // the cashback offer's banner first, then the cashback sheet
      await page.getByTestId('widget-refund').click();
      await expect(page.getByTestId('banners-carousel')).toBeVisible();
      await check('refund-banners');
      await page.getByTestId('banners-continue').click();
      await expect(page.getByTestId('refund-dialog')).toBeVisible();
      await check('refund');
      await closeSheet(page);

      await page.getByTestId('widget-invite').click();
      await expect(page.getByTestId('banners-carousel')).toBeVisible();
      await check('invite-banners');
      await page.getByTestId('banners-continue').click();
      await expect(page.getByTestId('invite-dialog')).toBeVisible();
      await check('invite');
      await closeSheet(page);

      await expect(page.getByTestId('inbox-button').locator('[data-badge]')).toBeVisible();
      await page.getByTestId('inbox-button').click();
      await expect(page.getByTestId('inbox-entry').first()).toBeVisible();
      await check('inbox');
      await closeSheet(page);

      // the statement: its filters, a receipt
      await page.goto('/user/statement');
      await expect(page.locator('[data-testid=statement-row][data-type=withdraw]').first()).toBeVisible();
      await check('statement');
      await page.getByTestId('statement-type-withdraw').click();
      await expect(page.getByTestId('statement-total-out')).toContainText(/\d/);
      await check('statement-withdrawals');
      await page.getByTestId('statement-open').first().click();
      await expect(page.getByTestId('receipt')).toBeVisible();
      await check('receipt-withdrawal');
      await closeSheet(page);

      await page.goto('/user/bonus');
      await expect(page.locator('[data-route="user/bonus"]')).toBeVisible();
      await check('bonus');
      await page.goto('/user/spin');
      await expect(page.locator('[data-route="user/spin"]')).toBeVisible();
      // the wheel sets its size again a moment after a resize (debounced): wait for the new size
      const wheel = page.getByTestId('spin-wheel');
      await sweep(page, lang, 'wheel', async (width) => {
        await expect
          .poll(() => wheel.evaluate((el, w) => el.getBoundingClientRect().width <= w * 0.86, width))
          .toBe(true);
      });
      await page.goto('/user/profile');
      await expect(page.getByTestId('profile-details')).toBeVisible();
      await check('profile');
      await page.goto('/user/responsible-play');
      await expect(page.getByTestId('rp-break')).toBeVisible();
      await check('responsible-play');
      await page.goto('/user/bets');
      await expect(page.locator('[data-route="user/bets"]')).toBeVisible();
      await check('bets');
      await page.goto('/user/contact');
      await expect(page.getByTestId('line-qr')).toHaveAttribute('data-generated', 'true');
      await check('user-contact');
      await page.getByTestId('chat-toggle').click();
      await expect(page.getByTestId('chat-connection')).toHaveAttribute('data-state', 'ready');
      await check('chat');
    });
  }

  test('English withdrawal rows keep amount, status and route whole at 390 px', async ({ page }) => {
    await signInQuickly(page, 'en');
    await page.goto('/user/home');
    await page.getByTestId('widget-withdraw').click();
    await expect(page.getByTestId('withdraw-submit')).toBeEnabled();
    await page.getByTestId('withdraw-amount').fill('100');
    await page.getByTestId('withdraw-submit').click();
    await page.getByTestId('withdraw-confirm').click();
    await expect(page.getByTestId('withdraw-success')).toBeVisible();
    await page.goto('/user/statement?type=withdraw');
    const rows = page.locator('[data-testid=statement-row][data-type=withdraw]');
    await expect(rows.first()).toBeVisible();
    const problems = await rows.evaluateAll((items) =>
      items.flatMap((row) => {
        const rowBox = row.getBoundingClientRect();
        const parts = [
          ...['statement-type', 'statement-amount', 'statement-route'].map(
            (id) => [id, row.querySelector(`[data-testid=${id}]`)] as const,
          ),
          ['status', row.querySelector('[data-status]')] as const,
        ];
        return parts.flatMap(([id, el]) => {
          if (!el) return [`${id} missing`];
          const box = el.getBoundingClientRect();
          const html = el as HTMLElement;
          const out: string[] = [];
          if (box.width === 0) out.push(`${id} not shown`);
          if (box.left < rowBox.left - 1 || box.right > rowBox.right + 1) out.push(`${id} outside its row`);
          if (html.scrollWidth > html.clientWidth + 1)
            out.push(`${id} cut (${html.scrollWidth} > ${html.clientWidth})`);
          return out;
        });
      }),
    );
    expect(problems).toEqual([]);
  });
});
