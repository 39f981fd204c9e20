import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, LANGUAGES, testOnOwnServer, type Language } from '../support/fixtures.ts';
import { SCREENS_DIR } from '../support/paths.ts';
import { findScreenProblems, saveScreen } from '../support/screens.ts';
import { newestCode, signInQuickly } from '../support/sign-in.ts';

/**
 * Every player screen and sheet at 320×700 and 390×844 in th, la and en. On each: the page is no wider than the window (the elements that stick out are named), no
 * text in the wrong script (no Thai on a Lao or English screen: findScreenProblems), no raw key, no label cut by
 * its box (an ellipsis or a clamp hiding text), and every control at least 44×44 px (WCAG 2.5.8 and the design
 * system's touch size) except the ones listed in TOUCH_EXCEPTIONS with their reason. Screenshots go to SHOTS_DIR
 * (default e2e/artifacts/screens/player-narrow) for a person to look at. English withdrawal rows of the statement
 * keep their amount, status and route whole at 390 px. It moves the demo member's money (a QR paid, a withdrawal),
 * so it runs on a server of its own.
 */
const test = testOnOwnServer();

const SHOTS = process.env.SHOTS_DIR ?? path.join(SCREENS_DIR, 'player-narrow');
const SIZES = [
  { width: 320, height: 700 },
  { width: 390, height: 844 },
] as const;

/**
 * Controls allowed under 44×44 px, by the selector they match, and why. A link inside a sentence is exempt by
 * WCAG 2.5.8 ("inline") and found by the check itself; everything else must be listed here.
 */
const TOUCH_EXCEPTIONS: ReadonlyArray<{ selector: string; reason: string }> = [];

/** Labels allowed to end in an ellipsis, and why. */
const CUT_EXCEPTIONS: ReadonlyArray<{ selector: string; reason: string }> = [
  {
    selector: '[data-testid=brand-name]',
    reason:
      "the operator's site name (any length) beside the logo in the top bar: it ends in an ellipsis when the " +
      'language button is wide (English at 390 px) and is hidden for screen readers only under 360 px',
  },
];

type Check = { overflow: string[]; cut: string[]; small: string[]; wrongScript: string[]; rawKeys: string[] };

/** The checks of one screen at the current size, as lists of what is wrong (empty when clean). */
async function inspect(page: Page, lang: Language): Promise<Check> {
  const { wrongScript, rawKeys } = await findScreenProblems(page, lang);
  const found = await page.evaluate(
    ([exceptions, cutExceptions]) => {
      const name = (el: Element) => {
        const id = el.getAttribute('data-testid');
        const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
        return `${el.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : ''} "${text}"`;
      };
      // a screen-reader-only element (a 1 px box) is not on screen
      const isShown = (el: Element) => {
        const box = el.getBoundingClientRect();
        return (
          box.width > 1 &&
          box.height > 1 &&
          el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
          el.closest('[aria-hidden="true"], [inert]') === null
        );
      };
      const viewport = document.documentElement.clientWidth;

      // sideways overflow: the deepest elements whose right edge passes the window (a horizontal scroller's
      // content that its own area clips does not count)
      const overflow: string[] = [];
      if (document.documentElement.scrollWidth > viewport) {
        const clippedByScroller = (el: Element) => {
          for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
            const style = getComputedStyle(up);
            if (['auto', 'scroll', 'hidden', 'clip'].includes(style.overflowX))
              return up.getBoundingClientRect().right <= viewport + 1;
          }
          return false;
        };
        for (const el of document.querySelectorAll('body *')) {
          const box = el.getBoundingClientRect();
          if (box.width === 0 || box.right <= viewport + 1 || clippedByScroller(el)) continue;
          const child = Array.from(el.children).some((c) => c.getBoundingClientRect().right > viewport + 1);
          if (!child) overflow.push(`${name(el)} right=${Math.round(box.right)} > ${viewport}`);
        }
        if (overflow.length === 0) overflow.push(`scrollWidth ${document.documentElement.scrollWidth} > ${viewport}`);
      }

      // labels cut by their box: an ellipsis or a line clamp hiding text (a member's own data, translate="no", may)
      const cut: string[] = [];
      for (const el of document.body.querySelectorAll('*')) {
        if (!isShown(el) || el.closest('[translate="no"]')) continue;
        if (cutExceptions.some(({ selector }) => el.matches(selector))) continue;
        const hasText = Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
        if (!hasText) continue;
        const style = getComputedStyle(el);
        const clipsX = style.textOverflow === 'ellipsis' || ['hidden', 'clip'].includes(style.overflowX);
        const clipsY = style.webkitLineClamp !== 'none' || ['hidden', 'clip'].includes(style.overflowY);
        const html = el as HTMLElement;
        if (
          (clipsX && html.scrollWidth > html.clientWidth + 1) ||
          (clipsY && html.scrollHeight > html.clientHeight + 1)
        )
          cut.push(name(el));
      }

      // a control's label or icon past the control's edge (a badge placed on its corner may sit there)
      const spills = (control: Element) => {
        const box = control.getBoundingClientRect();
        const isPlaced = (node: Node) => {
          for (
            let up = node instanceof Element ? node : node.parentElement;
            up && up !== control;
            up = up.parentElement
          )
            if (['absolute', 'fixed'].includes(getComputedStyle(up).position)) return true;
          return false;
        };
        const isOutside = (rect: DOMRect) => rect.width > 0 && (rect.left < box.left - 1 || rect.right > box.right + 1);
        const walker = document.createTreeWalker(control, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!node.textContent?.trim() || isPlaced(node)) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          if (isOutside(range.getBoundingClientRect())) return true;
        }
        return Array.from(control.querySelectorAll('*')).some(
          (inner) => !isPlaced(inner) && isOutside(inner.getBoundingClientRect()),
        );
      };

      // touch targets
      const small: string[] = [];
      const controls = document.body.querySelectorAll(
        'button, a[href], input:not([type=hidden]), select, textarea, summary, [role=button], [role=tab], [role=switch], [role=radio], [role=checkbox], [role=menuitem], [role=option]',
      );
      for (const el of controls) {
        if (!isShown(el) || (el as HTMLButtonElement).disabled) continue;
        // a native check box or radio is as large as the label that wraps it
        const target =
          el instanceof HTMLInputElement && ['checkbox', 'radio'].includes(el.type) ? (el.closest('label') ?? el) : el;
        // a link inside a sentence (WCAG 2.5.8 "inline")
        if (
          el.tagName === 'A' &&
          Array.from(el.parentElement?.childNodes ?? []).some(
            (n) => n !== el && n.nodeType === Node.TEXT_NODE && n.textContent?.trim(),
          )
        )
          continue;
        if (spills(el)) cut.push(`${name(el)} spills out of its box`);
        if (exceptions.some(({ selector }) => el.matches(selector))) continue;
        const box = target.getBoundingClientRect();
        if (box.width < 43.5 || box.height < 43.5)
          small.push(`${name(el)} ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
      return { overflow, cut: [...new Set(cut)], small: [...new Set(small)] };
    },
    [TOUCH_EXCEPTIONS, CUT_EXCEPTIONS] as const,
  );
  return { ...found, wrongScript, rawKeys };
}

/** Waits for two frames (a resize's layout and paint), not for time. */
const settle = (page: Page) =>
  page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/**
 * Checks the screen on show at both sizes (soft: every problem of the run is listed at the end) and saves
 * player-narrow-<step>-<width>-<lang>.png; leaves the page at 390×844.
 */
async function sweep(
  page: Page,
  lang: Language,
  step: string,
  resized?: (width: number) => Promise<void>,
): Promise<void> {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await settle(page);
    await resized?.(size.width);
    await saveScreen(
      page,
      { test: 'player-narrow', step: `${step}-${size.width}`, lang },
      { dir: SHOTS, check: false },
    );
    const found = await inspect(page, lang);
    expect
      .soft(found, `${step} at ${size.width} px (${lang})`)
      .toEqual({ overflow: [], cut: [], small: [], wrongScript: [], rawKeys: [] });
  }
}

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
