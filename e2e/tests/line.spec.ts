import { expect, LANGUAGES, testOnOwnServer } from '../support/fixtures.ts';
import { signInConsoleContext } from '../support/operator.ts';
import { SCREENS_DIR } from '../support/paths.ts';
import { saveScreen } from '../support/screens.ts';
import { DEMO, signInQuickly } from '../support/sign-in.ts';
import { sheetSettled } from '../support/sheet.ts';

/**
 * LINE notifications (docs/decisions/0041-line-notifications.md), in th, la and en at 390×844: the profile's LINE
 * section hands out a code; the sandbox LINE user follows the official account and sends it (signed webhooks); the
 * section turns "linked"; a 100-baht QR deposit paid in the sandbox bank ends as one LINE message, in that language,
 * recorded by the LINE simulator. Screens: e2e/artifacts/screens/line-<step>-<lang>.png.
 */

// a server of its own: the demo member's balance grows by every deposit here, and other specs expect the opening one
const test = testOnOwnServer();

const CREDITED: Record<(typeof LANGUAGES)[number], string> = {
  th: 'ฝากเงิน 100.00 THB เข้ากระเป๋าของคุณแล้ว',
  la: 'ເງິນຝາກ 100.00 THB ເຂົ້າກະເປົາຂອງທ່ານແລ້ວ',
  en: 'Your deposit of 100.00 THB has been credited to your wallet.',
};

test.describe('LINE notifications', () => {
  LANGUAGES.forEach((lang, index) => {
    test(`link LINE from the profile, deposit, the message reaches LINE (${lang})`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width: 390, height: 844 });
      const shot = (step: string) => saveScreen(page, { test: 'line', step, lang });
      const lineUser = `U${String(Date.now() % 1e8).padStart(8, '0')}${String(index).repeat(24)}`;
      // the demo member starts unlinked (an earlier run or language linked it)
      const login = await page.request.post('/api/login', { data: { username: DEMO.phone, password: DEMO.password } });
      const { token } = (await login.json()) as { token: string };
      const unlink = await page.request.delete('/api/notify/line', { headers: { Authorization: `Bearer ${token}` } });
      expect(unlink.ok()).toBe(true);
      await signInQuickly(page, lang);
      await page.goto('/user/profile');

      const section = page.getByTestId('line-notifications');
      await section.scrollIntoViewIfNeeded();
      await shot('1-offer');
      await page.getByTestId('line-link').click();
      const code = (await page.getByTestId('line-code').textContent())?.trim() ?? '';
      expect(code).toMatch(/^[A-Z2-9]{8}$/);
      await section.scrollIntoViewIfNeeded();
      await shot('2-code');

      // the player's LINE app (the sandbox): add the official account, send the code
      const follow = await page.request.post(`/sandbox/line/_users/${lineUser}/follow`, { data: { text: code } });
      expect(((await follow.json()) as { webhookStatus: number }).webhookStatus).toBe(200);
      await expect(page.getByTestId('line-linked')).toBeVisible({ timeout: 15_000 });
      await section.scrollIntoViewIfNeeded();
      await shot('3-linked');

      // a 100-baht QR deposit paid in the sandbox bank
      await page.goto('/user/home');
      await page.getByTestId('widget-deposit').click();
      await sheetSettled(page);
      await page.getByTestId('qr-quick-100').click();
      await page.getByTestId('qr-create').click();
      await expect(page.getByTestId('qr-image')).toBeVisible();
      const payload = await page.getByTestId('qr-view').getAttribute('data-payload');
      expect((await page.request.post('/sandbox/qr/pay', { data: { payload } })).ok()).toBe(true);
      await expect(page.getByTestId('deposit-credited-amount')).toContainText('100.00');

      await expect
        .poll(
          async () => {
            const res = await page.request.get(`/sandbox/line/_messages?to=${lineUser}`);
            const pushes = (await res.json()) as { messages: { text: string }[] }[];
            return pushes.flatMap((p) => p.messages.map((m) => m.text));
          },
          { timeout: 60_000 },
        )
        .toEqual([CREDITED[lang]]);
    });
  });

  test("the console sets the operators' LINE group for alerts (th, en)", async ({ page, server }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInConsoleContext(page.context(), server);
    for (const lang of ['th', 'en'] as const) {
      await page.addInitScript((l) => localStorage.setItem('wallet.admin.language', l), lang);
      await page.goto('/admin/settings?key=lineOperatorAlerts');
      const setting = page.getByTestId('setting-lineOperatorAlerts');
      await expect(setting).toBeVisible();
      await expect(setting).toContainText(lang === 'th' ? 'แจ้งเตือนเจ้าหน้าที่ทาง LINE' : 'LINE alerts to operators');
      await page.screenshot({ path: `${SCREENS_DIR}/line-console-settings-${lang}.png` });
    }
  });
});
