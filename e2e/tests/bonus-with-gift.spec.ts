import type { Page } from '@playwright/test';
import { expect, testOnOwnServer, type Language } from '../support/fixtures.ts';
import { demoOperatorToken } from '../support/operator.ts';
import { saveScreen } from '../support/screens.ts';
import type { RunningServer } from '../support/server.ts';
import { signInQuickly } from '../support/sign-in.ts';
import { sheetSettled } from '../support/sheet.ts';

/**
 * A bonus chosen with a True Wallet gift (docs/decisions/0050-bonus-with-slip-and-voucher.md), on a server of its own
 * (the demo member's balance and conditions change here): the amount sent shows the bonuses, the chosen one goes with
 * the link and is claimed with the credit; afterwards the picker says why it cannot be chosen again.
 */
const test = testOnOwnServer();
test.describe.configure({ mode: 'serial' });

const shot = (page: Page, step: string, lang: Language) => saveScreen(page, { test: 'bonus-with-gift', step, lang });

/** 10 % of the deposit up to 100, from 100, once, 3× turnover, no claim balance rule. */
async function createDepositBonus(page: Page, server: RunningServer) {
  const headers = { Authorization: `Bearer ${await demoOperatorToken(page.request, server)}` };
  const text = (th: string, la: string, en: string) => ({ th, la, en });
  const response = await page.request.post(`${server.url}/api/admin/promotions`, {
    headers,
    data: {
      kind: 'bonus',
      code: 'E2EGIFT',
      name: text('ซองรับ 10%', 'ຊອງຮັບ 10%', 'Gift 10%'),
      description: text('เติมด้วยซองรับ 10%', 'ເຕີມດ້ວຍຊອງຮັບ 10%', 'Get 10% of your gift'),
      type: 'limit',
      maxReceived: 1,
      percent: 10,
      minDeposit: 100,
      maxAmount: 100,
      successRule: 'turnover',
      turnoverMultiple: 3,
      successPercent: 0,
      percentFail: 5,
      maxWithdrawMultiple: null,
      maxBet: null,
      maxBalanceAtClaim: null,
      isActive: true,
      startsAt: null,
      endsAt: null,
      banners: [{ image: '/promotions/first50.svg', html: '' }],
    },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function openGiftForm(page: Page, lang: Language) {
  await signInQuickly(page, lang);
  await page.goto('/user/home');
  await page.getByTestId('widget-deposit').click();
  await sheetSettled(page);
  await page.getByTestId('deposit-tab-truewallet').click();
  await page.getByTestId('bonus-sent-amount').fill('300');
  await expect(page.getByTestId('bonus-choice-E2EGIFT')).toBeVisible({ timeout: 15_000 });
}

test('a bonus chosen with a True Wallet gift is claimed with its credit (th)', async ({ page, server }) => {
  await createDepositBonus(page, server);
  await openGiftForm(page, 'th');
  const pick = page.getByTestId('bonus-choice-E2EGIFT');
  await expect(pick).toContainText('+30.00');
  await pick.click();
  await expect(pick).toHaveAttribute('aria-checked', 'true');
  const gift = await page.request.post('/sandbox/truewallet/vouchers', { data: { amount: 300 } });
  const { link } = (await gift.json()) as { link: string };
  await page.getByTestId('truelink-input').fill(link);
  await page.getByTestId('bonus-choice-sent').scrollIntoViewIfNeeded();
  await shot(page, 'picker', 'th');
  await page.getByTestId('truelink-send').click();
  await expect(page.getByTestId('deposit-credited-amount')).toContainText('300.00');
  await page.getByTestId('deposit-close').click();
  // the opening 1,000 + 300 + the 30 bonus, claimed in the credit's transaction
  await expect(page.getByTestId('total-balance')).toContainText('1,330.00', { timeout: 15_000 });
});

for (const lang of ['la', 'en'] as const) {
  test(`the gift's picker says why the bonus cannot be chosen while another one runs (${lang})`, async ({ page }) => {
    await openGiftForm(page, lang);
    await expect(page.getByTestId('bonus-choice-E2EGIFT')).toBeDisabled();
    await page.getByTestId('bonus-choice-sent').scrollIntoViewIfNeeded();
    await shot(page, 'unavailable', lang);
  });
}
