import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, LANGUAGES, test } from '../support/fixtures.ts';
import { saveScreen } from '../support/screens.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { signInQuickly } from '../support/sign-in.ts';
import { sheetSettled } from '../support/sheet.ts';

/**
 * The player defects of the money screens, at phone size (390×844) in th, la and en: True Wallet refusals say why
 * and a shared message is redeemed by its link, the slip picker refuses a text file, the statement shows translated
 * channels; the Lao build's kip wallet has kip-sized amounts and a LAPNet QR rail (docs/money-rules.md).
 */

const BELOW_MINIMUM = {
  th: 'ซองของขวัญต่ำกว่าขั้นต่ำ 2 บาท',
  la: 'ຊອງຂອງຂວັນຕ່ຳກວ່າຂັ້ນຕ່ຳ 2 ບາດ',
  en: 'This gift is below the 2 baht minimum.',
} as const;
const NOT_IMAGE = { th: 'ไม่ใช่รูปภาพ', la: 'ບໍ່ແມ່ນຮູບພາບ', en: 'not an image' } as const;
const QR_CHANNEL = { th: 'ชำระด้วย QR', la: 'ຊຳລະດ້ວຍ QR', en: 'QR payment' } as const;

test.describe('player money defects', () => {
  // the refused gift is a 400 answer the page shows as its reason
  test.use({ allowConsole: /status of 400 \(Bad Request\) \S*\/api\/wallet\/truelink/ });
  for (const lang of LANGUAGES) {
    test(`deposit sheet and statement in ${lang}`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await signInQuickly(page, lang);
      await page.goto('/user/home');
      await page.getByTestId('widget-deposit').click();
      await sheetSettled(page);
      // the quick amounts come from the settings (bahtQuickAmounts), at or above the channel's minimum
      await expect(page.getByTestId('qr-quick-100')).toBeVisible();
      await saveScreen(page, { test: 'player-defects', step: 'deposit-qr', lang });

      // True Wallet: the paste button takes the link out of a shared message; a 1-baht gift says why it is refused
      await page.getByTestId('deposit-tab-truewallet').click();
      const gift = await page.request.post('/sandbox/truewallet/vouchers', { data: { amount: 1 } });
      const { link } = (await gift.json()) as { link: string };
      await page.evaluate((text) => navigator.clipboard.writeText(text), `I sent you a gift 🎁 ${link} (24 h)`);
      await page.getByTestId('truelink-paste').click();
      await expect(page.getByTestId('truelink-input')).toHaveValue(link);
      await saveScreen(page, { test: 'player-defects', step: 'truewallet-pasted', lang });
      await page.getByTestId('truelink-send').click();
      const refusal = page.getByRole('alertdialog');
      await expect(refusal).toContainText(BELOW_MINIMUM[lang]);
      await saveScreen(page, { test: 'player-defects', step: 'truewallet-below-minimum', lang });
      await refusal.getByRole('button').first().click();
      await expect(refusal).toHaveCount(0);

      // the slip picker refuses a text file with a message, no preview, upload disabled
      await page.getByTestId('deposit-tab-bank').click();
      await page
        .getByTestId('slip-file')
        .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a slip') });
      await expect(page.getByTestId('slip-result')).toContainText(NOT_IMAGE[lang]);
      await expect(page.getByTestId('slip-upload')).toBeDisabled();
      await expect(page.getByTestId('slip-preview')).toHaveCount(0);
      await page.getByTestId('slip-result').scrollIntoViewIfNeeded();
      await saveScreen(page, { test: 'player-defects', step: 'slip-not-image', lang });

      // a QR deposit, paid: the statement names its channel in words
      await page.keyboard.press('Escape');
      await page.getByTestId('widget-deposit').click();
      await sheetSettled(page);
      await page.getByTestId('qr-provider-ZPAY').click();
      await page.getByTestId('qr-quick-100').click();
      await page.getByTestId('qr-create').click();
      const payload = await page.getByTestId('qr-view').getAttribute('data-payload');
      expect((await page.request.post('/sandbox/qr/pay', { data: { payload } })).ok()).toBe(true);
      await expect(page.getByTestId('deposit-credited-amount')).toContainText('100.00');
      await page.getByTestId('deposit-close').click();
      await page.goto('/user/statement');
      const deposit = page.locator('[data-testid=statement-row][data-type=deposit]').first();
      await expect(deposit.getByTestId('statement-route')).toContainText(QR_CHANNEL[lang]);
      await saveScreen(page, { test: 'player-defects', step: 'statement', lang });
    });
  }
});

/** Registers a kip (LAK) member on the Lao build through the API and signs it in. */
async function kipMember(page: Page, lao: RunningServer): Promise<void> {
  const phone = `020${String(randomInt(10_000_000, 99_999_999))}`;
  const post = async (path: string, data: unknown) => {
    const res = await page.request.post(`${lao.url}${path}`, { data });
    expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
    return (await res.json()) as Record<string, string>;
  };
  const sent = await post('/api/otp/send', { phoneNumber: phone });
  let code = '';
  await expect
    .poll(async () => {
      const outbox = await (await fetch(`${lao.url}/sandbox/sms/outbox?phone=${phone}`)).json();
      code = /\b(\d{6})\b/.exec((outbox as Array<{ text: string }>).at(-1)?.text ?? '')?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  const verified = await post('/api/otp/verify', { otpToken: sent.otpToken, otpCode: code });
  const password = `Pw-${randomInt(100_000, 999_999)}`;
  await post('/api/account', {
    name: 'Noy Kip',
    username: phone,
    password,
    bankCode: 'BCEL',
    bankAccountName: 'NOY SISOUK',
    bankAccountNo: `0101${String(randomInt(10_000_000, 99_999_999))}0`,
    currency: 'LAK',
    otpTicket: verified.otpTicket,
  });
  const { token } = await post('/api/login', { username: phone, password });
  const wallet = await (
    await page.request.get(`${lao.url}/api/wallet`, { headers: { Authorization: `Bearer ${token}` } })
  ).json();
  await page.addInitScript(
    ([value, memberId]) => {
      localStorage.setItem('token', value);
      localStorage.setItem('locale', 'la');
      localStorage.setItem('agreement', memberId);
    },
    [token!, (wallet as { profile: { _id: string } }).profile._id] as const,
  );
}

test('the Lao build: a kip wallet deposits and withdraws kip-sized amounts on a LAPNet rail', async ({ page }) => {
  test.setTimeout(420_000);
  const lao = await startServer({ variant: 'la' });
  try {
    await kipMember(page, lao);
    await page.goto(`${lao.url}/user/home`);
    await page.getByTestId('widget-deposit').click();
    await sheetSettled(page);
    await expect(page.getByTestId('qr-quick-50000')).toBeVisible();
    await expect(page.getByTestId('qr-quick-10')).toHaveCount(0);
    await expect(page.getByTestId('qr-provider-KBANK')).toContainText('LAPNet');
    await expect(page.getByTestId('qr-provider-WW')).toHaveCount(0);
    await expect(page.getByTestId('qr-amount')).toHaveAttribute('placeholder', /20,000/);
    await saveScreen(page, { test: 'player-defects', step: 'lao-build-deposit-qr', lang: 'la' });
    await page.keyboard.press('Escape');
    await page.getByTestId('widget-withdraw').click();
    await expect(page.getByRole('dialog')).toContainText('50,000.00');
    await saveScreen(page, { test: 'player-defects', step: 'lao-build-withdraw', lang: 'la' });
  } finally {
    await lao.stop();
  }
});
