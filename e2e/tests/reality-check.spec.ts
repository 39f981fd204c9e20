import type { APIRequestContext } from '@playwright/test';
import { expect, LANGUAGES, testOnOwnServer } from '../support/fixtures.ts';
import { memberWithMoney } from '../support/member.ts';
import { saveScreen } from '../support/screens.ts';
import { signInAs } from '../support/sign-in.ts';

// a server of its own: its members deposit and move money into a game
const test = testOnOwnServer();

/**
 * The reality check (docs/responsible-play.md §6) at 390×844 in th, la and en, with a member of its own: a 10-minute
 * reminder set over the API, 300 deposited and 100 moved into a game; Playwright's clock moves the page 10 minutes on
 * (no real wait) and the dialog shows the time and the session's −100.00; "keep playing" closes it until the next
 * one, "take a break" opens the responsible-play page. Screens: e2e/artifacts/screens/reality-check-<step>-<lang>.png.
 */

const NET = { th: '−100.00 บาท', la: '−100.00 ບາດ', en: '−100.00 THB' };
const TIME = {
  th: 'คุณเข้าสู่ระบบมาแล้ว 0 ชม. 10 นาที',
  la: 'ທ່ານເຂົ້າລະບົບມາແລ້ວ 0 ຊມ. 10 ນາທີ',
  en: 'You have been signed in for 0 h 10 min.',
};

/** A fresh member, 300 deposited and 100 moved into `pg`, with a 10-minute reality check. */
async function playingMember(request: APIRequestContext) {
  const member = await memberWithMoney(request, {
    name: 'Reality Tester',
    deposit: 300,
    intoGame: { provider: 'pg', amount: 100 },
  });
  const limit = await request.post('/api/responsible-play/limit', {
    data: { kind: 'reality_check', value: 10 },
    headers: member.headers,
  });
  expect(limit.ok()).toBe(true);
  return member;
}

test.describe('reality check', () => {
  for (const lang of LANGUAGES) {
    test(`every 10 minutes: time played and the session's net result (${lang})`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width: 390, height: 844 });
      const member = await playingMember(page.request);
      await page.clock.install();
      await signInAs(page, lang, member);
      // the reminder is planned once the session's figures are in
      const answered = page.waitForResponse((r) => r.url().includes('/api/responsible-play/session'));
      await page.goto('/user/home');
      await expect(page.getByTestId('widget-deposit')).toBeVisible();
      expect((await answered).ok()).toBe(true);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      // the reminder's timer is set (its answer handled), so moving the clock on fires it
      const planned = page.getByTestId('reality-check-planned');
      await expect(planned).toHaveAttribute('data-round', '0');

      await page.clock.fastForward('10:00');
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText(TIME[lang]);
      await expect(page.getByTestId('reality-net')).toHaveText(NET[lang]);
      await saveScreen(page, { test: 'reality-check', step: 'dialog', lang });

      await page.getByTestId('reality-keep').click();
      await expect(dialog).toHaveCount(0);
      await expect(planned).toHaveAttribute('data-round', '1');
      await page.clock.fastForward('10:00');
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.getByTestId('reality-break').click();
      await expect(page).toHaveURL(/\/user\/responsible-play$/);
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });
  }
});
