import { expect, LANGUAGES, testOnOwnServer } from '../support/fixtures.ts';
import { memberWithMoney, randomDigits } from '../support/member.ts';
import { signInConsoleContext } from '../support/operator.ts';
import { saveScreen } from '../support/screens.ts';
import { signInAs } from '../support/sign-in.ts';
import { sheetSettled } from '../support/sheet.ts';

// a server of its own: its members withdraw, and the withdrawals spec counts the rows of the worker's server
const test = testOnOwnServer();

/**
 * Responsible play (docs/responsible-play.md) at 390×844 in th, la and en, with a member of its own (a break would
 * stop the demo member for the other specs): set a daily deposit limit on the page linked from the profile, hit it
 * with a QR and read the message with the time it resets; start a cooling-off (two steps), which refuses a transfer
 * into a game and never a withdrawal. The console shows the member's break and limits.
 * Screens: e2e/artifacts/screens/responsible-play-<step>-<lang>.png.
 */

const LIMIT_MESSAGE = {
  th: 'เกินวงเงินฝากรายวัน',
  la: 'ເກີນວົງເງິນຝາກລາຍວັນ',
  en: 'Over your daily deposit limit',
} as const;
const RUNNING = { th: 'คุณพักการเล่นชั่วคราวถึง', la: 'ທ່ານພັກການຫຼິ້ນຊົ່ວຄາວຮອດ', en: 'You are on a cooling-off until' };

test.describe('responsible play', () => {
  // the refused QR is an expected 403 the browser logs
  test.use({ allowConsole: /status of 403 \(Forbidden\) .*\/api\/qrcode\/KBANK$/ });
  for (const lang of LANGUAGES) {
    test(`a deposit limit and a cooling-off (${lang})`, async ({ page, browser, server }) => {
      test.setTimeout(180_000);
      await page.setViewportSize({ width: 390, height: 844 });
      const shot = (step: string) => saveScreen(page, { test: 'responsible-play', step, lang });
      const member = await memberWithMoney(page.request, { name: 'Limit Tester', deposit: 300 });
      await signInAs(page, lang, member);

      await page.goto('/user/profile');
      await page.getByTestId('profile-responsible-play').click();
      await expect(page.getByTestId('rp-deposit_day')).toBeVisible();
      await expect(page.getByTestId('rp-deposit_day')).toContainText('300.00');
      await shot('page');

      // a daily limit of 350 with 300 already deposited today: a QR of 100 is refused, with the reset time
      await page.getByTestId('rp-deposit_day-input').fill('350');
      await page.getByTestId('rp-deposit_day-save').click();
      await expect(page.getByTestId('rp-deposit_day-value')).toContainText('350.00');
      await shot('limit-set');
      await page.goto('/user/home');
      await page.getByTestId('widget-deposit').click();
      await sheetSettled(page);
      await page.getByTestId('qr-quick-100').click();
      await page.getByTestId('qr-create').click();
      await expect(page.getByText(LIMIT_MESSAGE[lang])).toBeVisible();
      await expect(page.getByText(/\d{4}-\d{2}-\d{2} 00:00/)).toBeVisible();
      await shot('limit-reached');

      // cooling-off: two steps, then the page says until when
      await page.goto('/user/responsible-play');
      await page.getByTestId('rp-cooling-1').click();
      await page.getByTestId('rp-break-start').click();
      await page.getByTestId('rp-break-confirm').click();
      await expect(page.getByTestId('rp-break-running')).toContainText(RUNNING[lang]);
      await shot('cooling-off');

      // a transfer into a game is refused; the member's own money still goes out
      await page.request.get('/api/wallet/activate/pg', { headers: member.headers });
      const transfer = await page.request.post('/api/wallet/transfer', {
        data: { from: 'WALLET', to: 'pg', amount: 50 },
        headers: member.headers,
      });
      expect(transfer.status()).toBe(403);
      expect(((await transfer.json()) as { message: string }).message).toBe('COOLING_OFF');
      const withdraw = await page.request.post('/api/wallet/withdraw', {
        data: { amount: 100 },
        headers: { ...member.headers, 'Idempotency-Key': `rp-${lang}-${randomDigits(8)}` },
      });
      expect(withdraw.status()).toBe(200);

      if (lang !== 'la') {
        const context = await browser.newContext({
          baseURL: server.url,
          viewport: { width: 1366, height: 900 },
          locale: lang === 'th' ? 'th-TH' : 'en-US',
          timezoneId: 'Asia/Bangkok',
        });
        await context.addInitScript((language) => localStorage.setItem('wallet.admin.language', language), lang);
        await signInConsoleContext(context, server);
        const admin = await context.newPage();
        await admin.goto(`/admin/members/${member.memberId}?tab=responsiblePlay`);
        await expect(admin.getByTestId('rp-admin-break')).toBeVisible();
        await expect(admin.getByTestId('rp-admin-deposit_day')).toContainText('350.00');
        await saveScreen(admin, { test: 'responsible-play', step: 'console', lang }, { check: false });
        await context.close();
      }
    });
  }
});
