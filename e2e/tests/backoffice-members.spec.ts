import type { Browser, BrowserContext, Page } from '@playwright/test';
import { createHmac } from 'node:crypto';
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import { saveScreen } from '../support/screens.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { DEMO } from '../support/sign-in.ts';

/**
 * Back office, members (issue 10): an operator finds a member, adjusts the balance above the approval threshold, a
 * second operator approves it, and the player sees the money. On its own server: the adjustment changes the demo
 * member's balance, which other specs read. Desktop 1366×900; screenshots th/en of every page of the feature.
 */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-backoffice-members';
const DESKTOP = { viewport: { width: 1366, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 };
const OPERATOR_PASSWORD = 'second-operator-password';

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s) of a base32 secret, at `at`. */
function totp(secret: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of secret.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** Signs an operator in through the console's form (a code is accepted once: wait for the next step if needed). */
async function operatorSignIn(page: Page, base: string, username: string, password: string, secret: string) {
  await page.goto(`${base}/admin/`);
  const form = page.getByTestId('sign-in-form');
  await form.locator('input[name=username]').fill(username);
  await form.locator('input[name=password]').fill(password);
  await form.locator('input[name=totp]').fill(totp(secret));
  await form.locator('button[type=submit]').click();
  await expect(page.getByTestId('sign-in-form')).toHaveCount(0);
}

async function shot(page: Page, step: string, lang: 'th' | 'en') {
  const file = await saveScreen(page, { test: 'backoffice-members', step, lang }, { fullPage: true });
  mkdirSync(SHOTS, { recursive: true });
  copyFileSync(file, path.join(SHOTS, path.basename(file)));
}

async function desktop(browser: Browser, lang: 'th' | 'en'): Promise<BrowserContext> {
  const context = await browser.newContext({ ...DESKTOP, timezoneId: 'Asia/Bangkok' });
  await context.addInitScript((value) => localStorage.setItem('wallet.admin.language', value), lang);
  return context;
}

test.describe('back office: members and balance adjustments', () => {
  let server: RunningServer;
  let adminSecret: string;
  test.beforeAll(async () => {
    server = await startServer();
    const match = /TOTP secret \(base32\) ([A-Z2-7]+)/.exec(server.logs());
    if (!match?.[1]) throw new Error(`no demo operator secret in the server log:\n${server.logs()}`);
    adminSecret = match[1];
  });
  test.afterAll(async () => server.stop());

  test('find a member, adjust above the threshold, a second operator approves, the player sees it', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const base = server.url;

    // operator 1 (the demo admin, every role) signs in and finds the member by phone
    const ctx1 = await desktop(browser, 'th');
    const op1 = await ctx1.newPage();
    await operatorSignIn(op1, base, 'admin', 'demo-admin-password', adminSecret);
    await op1.goto(`${base}/admin/members`);
    await op1.locator('input[name=q]').fill(DEMO.phone);
    await op1.locator('form[role=search] button[type=submit]').click();
    const row = op1.getByRole('row').filter({ hasText: DEMO.phone });
    await expect(row).toHaveCount(1);
    await shot(op1, 'search', 'th');
    await row.getByRole('link').first().click();
    await expect(op1.getByTestId('balance-wallet')).toContainText('1,000.00');

    // a credit of 6,000.00 is above the 5,000 threshold: it waits for a second operator
    await op1.getByTestId('adjust-balance').click();
    const form = op1.getByTestId('adjust-form');
    await form.locator('input[name=amount]').fill('6000');
    await form.locator('input[name=reason]').fill('promotion payout approved by manager');
    await op1.getByRole('button', { name: 'ส่งการปรับยอด' }).click();
    await expect(op1.getByTestId('adjust-form')).toHaveCount(0);
    await expect(op1.getByTestId('balance-wallet')).toContainText('1,000.00');
    await op1.getByRole('tab', { name: 'การปรับยอด' }).click();
    await expect(op1.getByRole('row').filter({ hasText: 'promotion payout' })).toContainText('รออนุมัติ');
    await shot(op1, 'member', 'th');

    // the requester cannot approve their own adjustment
    await op1.goto(`${base}/admin/adjustments`);
    const pending = op1.getByRole('row').filter({ hasText: 'promotion payout' });
    await expect(pending).toContainText('คำขอของคุณ');
    await expect(pending.getByRole('button', { name: 'อนุมัติ' })).toHaveCount(0);

    // operator 2 (finance), created by the admin, approves it
    const token = await op1.evaluate(() => sessionStorage.getItem('wallet.operator.token'));
    const created = await op1.request.post(`${base}/api/admin/operators`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { username: 'fin2', password: OPERATOR_PASSWORD, roles: ['finance'] },
    });
    expect(created.status()).toBe(200);
    const { enrolment } = (await created.json()) as { enrolment: { uri: string } };
    const fin2Secret = new URL(enrolment.uri).searchParams.get('secret')!;
    const ctx2 = await desktop(browser, 'en');
    const op2 = await ctx2.newPage();
    await operatorSignIn(op2, base, 'fin2', OPERATOR_PASSWORD, fin2Secret);
    await op2.goto(`${base}/admin/dashboard`);
    await expect(op2.getByTestId('queue-adjustments')).toContainText('1');
    await shot(op2, 'dashboard', 'en');
    await op2.getByTestId('queue-adjustments').click();
    await expect(op2).toHaveURL(/\/admin\/adjustments/);
    await shot(op2, 'adjustments', 'en');
    const toApprove = op2.getByRole('row').filter({ hasText: 'promotion payout' });
    await toApprove.getByRole('button', { name: 'Approve' }).click();
    await op2.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await expect(op2.getByText('No adjustment is waiting for approval')).toBeVisible();

    // the member page shows the new balance and the audit trail
    await op2.goto(`${base}/admin/members`);
    await op2.locator('input[name=q]').fill(DEMO.phone);
    await op2.locator('form[role=search] button[type=submit]').click();
    await shot(op2, 'search', 'en');
    await op2.getByRole('row').filter({ hasText: DEMO.phone }).getByRole('link').first().click();
    await expect(op2.getByTestId('balance-wallet')).toContainText('7,000.00');
    await shot(op2, 'member', 'en');
    await op2.getByRole('tab', { name: 'Audit' }).click();
    await expect(op2.getByText('member.adjustment.approve')).toBeVisible();
    await shot(op2, 'member-audit', 'en');
    await op2.getByRole('tab', { name: 'Deposits' }).click();
    await expect(op2.getByTestId('slot-deposits')).toBeVisible();

    // reconciliation: run the ledger check on demand
    await op2.goto(`${base}/admin/reconciliation`);
    await op2.getByTestId('run-check').click();
    await expect(op2.getByRole('row').filter({ hasText: 'fin2' })).toContainText('Balanced');
    await shot(op2, 'reconciliation', 'en');

    // the remaining Thai screenshots
    await op1.goto(`${base}/admin/dashboard`);
    await expect(op1.getByTestId('queue-adjustments')).toContainText('0');
    await shot(op1, 'dashboard', 'th');
    await op1.goto(`${base}/admin/adjustments?status=posted`);
    await expect(op1.getByRole('row').filter({ hasText: 'promotion payout' })).toContainText('บันทึกแล้ว');
    await shot(op1, 'adjustments', 'th');
    await op1.goto(`${base}/admin/reconciliation`);
    await expect(op1.getByRole('row').filter({ hasText: 'fin2' })).toBeVisible();
    await shot(op1, 'reconciliation', 'th');

    // the player's balance shows it
    const player = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const phone = await player.newPage();
    const login = await phone.request.post(`${base}/api/login`, {
      data: { username: DEMO.phone, password: DEMO.password },
      headers: { 'X-Wallet-User': '1' },
    });
    const { token: memberToken } = (await login.json()) as { token: string };
    const wallet = await phone.request.get(`${base}/api/wallet`, {
      headers: { 'X-Wallet-User': '1', Authorization: `Bearer ${memberToken}` },
    });
    const { profile } = (await wallet.json()) as { profile: { _id: string } };
    await phone.addInitScript(
      ([value, memberId]) => {
        localStorage.setItem('token', value);
        localStorage.setItem('locale', 'th');
        localStorage.setItem('agreement', memberId);
      },
      [memberToken, profile._id] as const,
    );
    await phone.goto(`${base}/user/home`);
    await expect(phone.getByTestId('total-balance')).toContainText('7,000.00');
    await Promise.all([ctx1.close(), ctx2.close(), player.close()]);
  });
});
