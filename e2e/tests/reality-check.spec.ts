import type { APIRequestContext } from '@playwright/test';
import { expect, LANGUAGES, testOnOwnServer } from '../support/fixtures.ts';
import { saveScreen } from '../support/screens.ts';
import { newestCode } from '../support/sign-in.ts';

// a server of its own: its members deposit and move money into a game
const test = testOnOwnServer();

/**
 * The reality check (docs/responsible-play.md §6) at 390×844 in th, la and en, with a member of its own: a 10-minute
 * reminder set over the API, 300 deposited and 100 moved into a game; Playwright's clock moves the page 10 minutes on
 * (no real wait) and the dialog shows the time and the session's −100.00; "keep playing" closes it until the next
 * one, "take a break" opens the responsible-play page. Screens: e2e/artifacts/screens/reality-check-<step>-<lang>.png.
 */

const randomDigits = (count: number) => Array.from({ length: count }, () => Math.floor(Math.random() * 10)).join('');
const NET = { th: '−100.00 บาท', la: '−100.00 ບາດ', en: '−100.00 THB' };
const TIME = {
  th: 'คุณเข้าสู่ระบบมาแล้ว 0 ชม. 10 นาที',
  la: 'ທ່ານເຂົ້າລະບົບມາແລ້ວ 0 ຊມ. 10 ນາທີ',
  en: 'You have been signed in for 0 h 10 min.',
};

/** A fresh member registered over the API and signed in, 300 deposited by a paid QR and 100 moved into `pg`. */
async function playingMember(request: APIRequestContext) {
  const phone = `08${randomDigits(8)}`;
  const password = `Rc-${randomDigits(6)}`;
  const sent = (await (await request.post('/api/otp/send', { data: { phoneNumber: phone } })).json()) as {
    otpToken: string;
  };
  const verified = (await (
    await request.post('/api/otp/verify', {
      data: { otpToken: sent.otpToken, otpCode: await newestCode(request, phone) },
    })
  ).json()) as { otpTicket?: string };
  const registered = await request.post('/api/account', {
    data: {
      name: 'Reality Tester',
      username: phone,
      password,
      sourceCode: 'FACEBOOK',
      inviteCode: '',
      bankCode: 'KBANK',
      bankAccountName: 'สมชาย ใจดี',
      bankAccountNo: `1${randomDigits(9)}`,
      ...(verified.otpTicket ? { otpTicket: verified.otpTicket } : {}),
    },
  });
  expect(registered.status()).toBe(200);
  const { token } = (await (await request.post('/api/login', { data: { username: phone, password } })).json()) as {
    token: string;
  };
  const headers = { Authorization: `Bearer ${token}` };
  const wallet = (await (await request.get('/api/wallet', { headers })).json()) as { profile: { _id: string } };
  const qr = (await (await request.post('/api/qrcode/KBANK', { data: { amount: 300 }, headers })).json()) as {
    payload: string;
  };
  expect((await request.post('/sandbox/qr/pay', { data: { payload: qr.payload } })).ok()).toBe(true);
  await expect
    .poll(
      async () =>
        ((await (await request.get('/api/wallet', { headers })).json()) as { wallet: { amount: number } }).wallet
          .amount,
    )
    .toBe(300);
  await request.get('/api/wallet/activate/pg', { headers });
  const moved = await request.post('/api/wallet/transfer', {
    data: { from: 'WALLET', to: 'pg', amount: 100 },
    headers,
  });
  expect(moved.ok()).toBe(true);
  const limit = await request.post('/api/responsible-play/limit', {
    data: { kind: 'reality_check', value: 10 },
    headers,
  });
  expect(limit.ok()).toBe(true);
  return { token, memberId: wallet.profile._id };
}

test.describe('reality check', () => {
  for (const lang of LANGUAGES) {
    test(`every 10 minutes: time played and the session's net result (${lang})`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width: 390, height: 844 });
      const member = await playingMember(page.request);
      await page.clock.install();
      await page.addInitScript(
        ([value, language, memberId]) => {
          localStorage.setItem('token', value);
          localStorage.setItem('locale', language);
          localStorage.setItem('agreement', memberId);
        },
        [member.token, lang, member.memberId] as const,
      );
      // the reminder is planned once the session's figures are in
      const planned = page.waitForResponse((r) => r.url().includes('/api/responsible-play/session'));
      await page.goto('/user/home');
      await expect(page.getByTestId('widget-deposit')).toBeVisible();
      expect((await planned).ok()).toBe(true);
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await page.clock.fastForward('10:00');
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText(TIME[lang]);
      await expect(page.getByTestId('reality-net')).toHaveText(NET[lang]);
      await saveScreen(page, { test: 'reality-check', step: 'dialog', lang });

      await page.getByTestId('reality-keep').click();
      await expect(dialog).toHaveCount(0);
      await page.clock.fastForward('10:00');
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.getByTestId('reality-break').click();
      await expect(page).toHaveURL(/\/user\/responsible-play$/);
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });
  }
});
