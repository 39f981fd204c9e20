import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import {
  createOperator,
  secondAdmin,
  demoOperatorSecret,
  DEMO_OPERATOR,
  operatorToken,
  type OperatorCredentials,
  openConsole,
} from '../support/operator.ts';
import { saveScreen } from '../support/screens.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { DEMO } from '../support/sign-in.ts';

/**
 * Back office, members (docs/design.md §9.3): an operator finds a member, adjusts the balance above the approval threshold, a
 * second operator approves it, and the player sees the money. On its own server: the adjustment changes the demo
 * member's balance, which other specs read. Desktop 1366×900; screenshots th/en of every page of the feature.
 */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-backoffice-members';
const OPERATOR_PASSWORD = 'second-operator-password';

async function shot(page: Page, step: string, lang: 'th' | 'en') {
  await saveScreen(page, { test: 'backoffice-members', step, lang }, { fullPage: true, dir: SHOTS, check: false });
}

test.describe('back office: members and balance adjustments', () => {
  let server: RunningServer;
  let admin: OperatorCredentials;
  test.beforeAll(async () => {
    server = await startServer();
    admin = { ...DEMO_OPERATOR, secret: demoOperatorSecret(server.logs()) };
  });
  test.afterAll(async () => server.stop());

  test('find a member, adjust above the threshold, a second operator approves, the player sees it', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const base = server.url;

    // operator 1 (the demo admin, every role) signs in and finds the member by phone
    const { context: ctx1, page: op1 } = await openConsole(browser, base, admin, 'th');
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
    // the dialog says it waits for a second operator (docs/decisions/0022-four-eyes-approvals.md), then closes
    await expect(op1.getByTestId('adjust-waiting')).toBeVisible();
    await op1.getByRole('dialog').locator('button[type=submit]').click();
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
    const adminToken = await operatorToken(op1.request, admin);
    // finance moves money: a second admin approves the new operator (docs/decisions/0023-operator-enrolment.md)
    const approverToken = await operatorToken(op1.request, secondAdmin(server.logs()));
    const fin2 = await createOperator(
      op1.request,
      adminToken,
      { username: 'fin2', password: OPERATOR_PASSWORD, roles: ['finance'] },
      approverToken,
    );
    const { context: ctx2, page: op2 } = await openConsole(browser, base, fin2, 'en');
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
