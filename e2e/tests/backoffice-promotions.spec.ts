import type { APIRequestContext, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { demoOperatorSecret, DEMO_OPERATOR, type OperatorCredentials, openConsole } from '../support/operator.ts';
import { saveScreen } from '../support/screens.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { DEMO } from '../support/sign-in.ts';

/**
 * Back office, promotions (role marketing): the operator creates a bonus with an uploaded banner in the
 * console, the player's GET /api/bonus lists it with that banner, the player claims it, and the operator cancels
 * the member's running condition from the member page (reason, confirm). On its own server: the claim changes the
 * demo member's balance, which other specs read. Desktop 1366×900; screenshots th/en of every promotions page.
 */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-backoffice-promotions';
const BANNER = readFileSync(path.join(import.meta.dirname, '../../apps/player/public/videos/wallet.jpg'));
const CODE = 'E2E50';
const USER = { 'X-Wallet-User': '1' };

async function shot(page: Page, step: string, lang: 'th' | 'en') {
  await expect(page.getByRole('status')).toHaveCount(0); // loaded
  // what the operator sees at 1366×900 (the console's frame is fixed: a full-page capture would cut through it)
  await saveScreen(page, { test: 'backoffice-promotions', step, lang }, { dir: SHOTS, check: false });
}

/** The demo member's token and member id, through the player API. */
async function player(request: APIRequestContext, base: string) {
  const login = await request.post(`${base}/api/login`, {
    data: { username: DEMO.phone, password: DEMO.password },
    headers: USER,
  });
  expect(login.ok()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  return { headers: { ...USER, Authorization: `Bearer ${token}` } };
}

type PlayerBonus = { code: string; banners: Array<{ image: string; html: string }> };

test.describe.configure({ mode: 'serial' });

test.describe('back office: promotions', () => {
  let server: RunningServer;
  let admin: OperatorCredentials;
  test.beforeAll(async () => {
    server = await startServer();
    admin = { ...DEMO_OPERATOR, secret: demoOperatorSecret(server.logs()) };
  });
  test.afterAll(async () => server.stop());

  test('create a bonus with a banner, the player sees and claims it, the operator cancels the condition', async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const base = server.url;
    const { context, page } = await openConsole(browser, base, admin, 'en');

    // the list of the demo promotions
    await page.goto(`${base}/admin/promotions`);
    await expect(page.getByRole('heading', { level: 1, name: 'Promotions' })).toBeVisible();
    await expect(page.getByTestId('promotion-WELCOME100')).toBeVisible();
    await shot(page, 'list', 'en');

    // a new bonus: a fixed 50 baht, turnover ×3, a banner uploaded from this computer
    await page.getByTestId('promotion-new').click();
    await expect(page.getByRole('heading', { level: 1, name: 'New promotion' })).toBeVisible();
    await page.getByTestId('promotion-save').click();
    await expect(page.getByText('7 fields need fixing')).toBeVisible();
    await shot(page, 'editor-errors', 'en');
    await page.getByTestId('promotion-code').fill(CODE.toLowerCase());
    for (const [tab, lang, name] of [
      ['ไทย · Thai', 'th', 'โบนัสทดสอบ 50'],
      ['ລາວ · Lao', 'la', 'ໂບນັດທົດສອບ 50'],
      ['English', 'en', 'Test bonus 50'],
    ] as const) {
      await page.getByRole('tab', { name: tab }).click();
      await page.getByTestId(`promotion-name-${lang}`).fill(name);
      await page.getByTestId(`promotion-description-${lang}`).fill(`${name}: turnover ×3, fails below %percentFail%`);
    }
    await page.getByTestId('promotion-percent').fill('0');
    await page.getByTestId('promotion-min-deposit').fill('0');
    await page.getByTestId('promotion-max-amount').fill('50');
    await page.getByTestId('promotion-turnover').fill('3');
    // no claim balance rule: the demo member claims it below with the 1,000 the demo data gives them
    await expect(page.getByTestId('promotion-max-balance-at-claim')).toHaveValue('5');
    await page.getByTestId('promotion-max-balance-at-claim').fill('');
    await page.getByTestId('promotion-active').check();
    await page.getByTestId('promotion-add-banner').click();
    await page
      .getByTestId('promotion-banner-image-0')
      .locator('input[type=file]')
      .setInputFiles({ name: 'banner.jpg', mimeType: 'image/jpeg', buffer: BANNER });
    await expect(page.getByTestId('promotion-banner-image-0').locator('img')).toBeVisible();
    await page.getByTestId('promotion-banner').locator('textarea').fill('<b>Test bonus</b> 50 THB');
    await expect(page.getByRole('figure', { name: 'Caption preview' })).toHaveText('Test bonus 50 THB');
    await expect(page.getByText(/fields? need/)).toHaveCount(0);
    await page.getByTestId('promotion-turnover').scrollIntoViewIfNeeded();
    await shot(page, 'editor', 'en');
    await page.getByTestId('promotion-add-banner').scrollIntoViewIfNeeded();
    await shot(page, 'editor-banners', 'en');
    await page.getByTestId('promotion-save').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Promotions' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: CODE });
    await expect(row).toContainText('Live');
    await expect(row.locator('img')).toBeVisible();

    // the player's bonus list carries it with the uploaded banner, which is served
    const { headers } = await player(page.request, base);
    const bonuses = await page.request.get(`${base}/api/bonus`, { headers });
    expect(bonuses.ok()).toBe(true);
    const mine = ((await bonuses.json()) as PlayerBonus[]).find((b) => b.code === CODE);
    expect(mine?.banners).toHaveLength(1);
    expect(mine?.banners[0]?.html).toBe('<b>Test bonus</b> 50 THB');
    const image = await page.request.get(`${base}${mine?.banners[0]?.image ?? '/missing'}`);
    expect(image.ok()).toBe(true);
    expect(image.headers()['content-type']).toMatch(/^image\//);

    // the player claims it: a condition starts
    const claim = await page.request.get(`${base}/api/bonus/activate/${CODE}`, { headers });
    expect(claim.ok(), await claim.text()).toBe(true);
    const active = await page.request.get(`${base}/api/bonus/check/active`, { headers });
    expect(((await active.json()) as { status: boolean }).status).toBe(true);

    // the operator finds the member and cancels the running condition, with a reason
    await page.goto(`${base}/admin/members`);
    await page.locator('input[name=q]').fill(DEMO.phone);
    await page.locator('form[role=search] button[type=submit]').click();
    await page.getByRole('row').filter({ hasText: DEMO.phone }).getByRole('link').first().click();
    await page.getByRole('tab', { name: 'Promotions' }).click();
    const running = page.getByTestId('member-conditions').locator('article').filter({ hasText: CODE });
    await expect(running).toContainText('Running');
    await expect(running.getByRole('progressbar')).toBeVisible();
    await shot(page, 'member-conditions', 'en');
    await running.getByRole('button', { name: 'Cancel condition' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Cancel condition' }).click();
    await expect(dialog.getByText('Give a reason (at least 3 characters)')).toBeVisible();
    await dialog.locator('textarea').fill('bonus abuse review');
    await dialog.getByRole('button', { name: 'Cancel condition' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('member-conditions').locator('article').filter({ hasText: CODE })).toContainText(
      'Cancelled',
    );
    await expect(page.getByText('No condition is running')).toBeVisible();
    await shot(page, 'member-conditions-cancelled', 'en');
    const after = await page.request.get(`${base}/api/bonus/check/active`, { headers });
    expect(((await after.json()) as { status: boolean }).status).toBe(false);

    // the report counts the claim
    await page.goto(`${base}/admin/promotion-report`);
    await expect(page.getByTestId('report-totals')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: CODE }).first()).toBeVisible();
    await shot(page, 'report', 'en');

    // referral & refunds: banners, flags, refund runs
    await page.goto(`${base}/admin/referrals`);
    await expect(page.getByTestId('banners-invite')).toBeVisible();
    await shot(page, 'referrals-banners', 'en');
    await page.getByTestId('banners-invite').getByRole('button', { name: 'Edit' }).first().click();
    await expect(page.getByTestId('banner-dialog').locator('img')).toBeVisible();
    await shot(page, 'referrals-banner-dialog', 'en');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('tab', { name: 'Self-referral flags' }).click();
    await shot(page, 'referrals-flags', 'en');
    await page.getByRole('tab', { name: 'Refund runs' }).click();
    await shot(page, 'referrals-runs', 'en');

    // the rates are settings: the link opens the settings form drawn from their schema
    await page.getByTestId('rates-refund').click();
    const rates = page.getByTestId('setting-refundRates');
    await expect(rates).toBeVisible();
    await expect(rates.getByLabel(/Percent of net loss/)).toBeVisible();
    await expect(rates.getByLabel(/Condition on receipt: fails below/)).toBeVisible();
    await shot(page, 'settings-refund-rates', 'en');
    await context.close();
  });

  test('every promotions page in Thai', async ({ browser }) => {
    test.setTimeout(120_000);
    const base = server.url;
    const { context, page } = await openConsole(browser, base, admin, 'th');
    await page.goto(`${base}/admin/promotions`);
    await expect(page.getByRole('heading', { level: 1, name: 'โปรโมชั่น' })).toBeVisible();
    await expect(page.getByTestId('promotion-WELCOME100')).toBeVisible();
    await shot(page, 'list', 'th');
    // switch a promotion off and on again (audited PUT of the whole promotion)
    const welcome = page.getByRole('row').filter({ hasText: 'WELCOME100' });
    await page.getByTestId('toggle-WELCOME100').click();
    await page.getByRole('dialog').getByRole('button', { name: 'ปิดใช้' }).click();
    await expect(welcome).toContainText('ปิด');
    await expect(welcome).not.toContainText('เปิดอยู่');
    await page.getByTestId('toggle-WELCOME100').click();
    await page.getByRole('dialog').getByRole('button', { name: 'เปิดใช้' }).click();
    await expect(welcome).toContainText('เปิดอยู่');
    await page.getByTestId('promotion-WELCOME100').click();
    await expect(page.getByTestId('promotion-form')).toBeVisible();
    await shot(page, 'editor', 'th');
    await page.goto(`${base}/admin/promotion-report`);
    await expect(page.getByTestId('report-totals')).toBeVisible();
    await shot(page, 'report', 'th');
    await page.goto(`${base}/admin/referrals`);
    await expect(page.getByTestId('banners-refund')).toBeVisible();
    await shot(page, 'referrals-banners', 'th');
    await page.getByRole('tab', { name: 'ธงแนะนำตัวเอง' }).click();
    await shot(page, 'referrals-flags', 'th');
    await page.getByRole('tab', { name: 'รอบคืนยอดเสีย' }).click();
    await shot(page, 'referrals-runs', 'th');
    await page.goto(`${base}/admin/members`);
    await page.locator('input[name=q]').fill(DEMO.phone);
    await page.locator('form[role=search] button[type=submit]').click();
    await page.getByRole('row').filter({ hasText: DEMO.phone }).getByRole('link').first().click();
    await page.getByRole('tab', { name: 'โปรโมชั่น' }).click();
    await expect(page.getByTestId('member-conditions')).toBeVisible();
    await shot(page, 'member-conditions', 'th');
    await context.close();
  });
});
