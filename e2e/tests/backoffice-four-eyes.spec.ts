import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import {
  createOperator,
  demoOperatorSecret,
  DEMO_OPERATOR,
  operatorToken,
  secondAdmin,
  type OperatorCredentials,
  openConsole,
} from '../support/operator.ts';
import { approveSettingAsSecondAdmin } from '../support/four-eyes.ts';
import { saveScreen } from '../support/screens.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { DEMO } from '../support/sign-in.ts';

/**
 * Back office, four eyes (docs/decisions/0022-four-eyes-approvals.md): an operator splits a 10,000 credit into two
 * 5,000 adjustments; the first is posted (within adjustmentApprovalAbove), the second waits for a second operator
 * (the dialog says so), who approves it on the Approvals page. On its own server (it moves the demo member's
 * money). Desktop 1366×900; screenshots of the dialog and the Approvals page.
 */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-four-eyes';

async function shot(page: Page, step: string, lang: 'th' | 'en') {
  await saveScreen(page, { test: 'backoffice-four-eyes', step, lang }, { dir: SHOTS, check: false });
}

test.describe('back office: four eyes', () => {
  let server: RunningServer;
  let admin: OperatorCredentials;
  test.beforeAll(async () => {
    test.setTimeout(180_000); // a server of its own: migrations and the demo seed on a busy machine
    server = await startServer();
    admin = { ...DEMO_OPERATOR, secret: demoOperatorSecret(server.logs()) };
  });
  test.afterAll(async () => server?.stop());

  test('a split adjustment waits for a second operator, who approves it', async ({ browser, playwright }) => {
    test.setTimeout(240_000);
    const api = await playwright.request.newContext({ baseURL: server.url });
    const headers = { 'X-Wallet-User': '1' };
    const login = await api.post('/api/login', { data: { username: DEMO.phone, password: DEMO.password }, headers });
    const { token } = (await login.json()) as { token: string };
    const wallet = async () =>
      (await (await api.get('/api/wallet', { headers: { ...headers, Authorization: `Bearer ${token}` } })).json()) as {
        wallet: { amount: number };
        profile: { _id: string };
      };
    const start = await wallet();
    const memberId = Number(start.profile._id);

    const { context: ctx1, page: op1 } = await openConsole(browser, server, admin, 'en');
    const adjust = async (reason: string) => {
      await op1.getByTestId('adjust-balance').click();
      const form = op1.getByTestId('adjust-form');
      await form.locator('input[name=amount]').fill('5000');
      await form.locator('input[name=reason]').fill(reason);
      await op1.getByRole('dialog').locator('button[type=submit]').click();
    };
    await op1.goto(`/admin/members/${memberId}`);
    // the first 5,000 is within the limit: posted at once, the dialog closes
    await adjust('split part one');
    await expect(op1.getByTestId('adjust-form')).toHaveCount(0);
    expect((await wallet()).wallet.amount).toBe(start.wallet.amount + 5_000);
    // the second 5,000 of the same rolling day goes over: the dialog says it waits
    await adjust('split part two');
    await expect(op1.getByTestId('adjust-waiting')).toContainText('Waiting for a second operator');
    await shot(op1, 'adjust-waiting', 'en');
    await op1.getByRole('dialog').locator('button[type=submit]').click();
    expect((await wallet()).wallet.amount).toBe(start.wallet.amount + 5_000);

    // the requester sees it in Approvals without an approve button
    await op1.goto('/admin/approvals');
    const own = op1.getByRole('row').filter({ hasText: 'split part two' });
    await expect(own).toContainText('Your request');
    await expect(own.getByRole('button', { name: 'Approve' })).toHaveCount(0);

    // a second finance operator approves it
    const adminToken = await operatorToken(op1.request, admin);
    const approverToken = await operatorToken(op1.request, secondAdmin(server.logs()));
    const fin2 = await createOperator(
      op1.request,
      adminToken,
      { username: 'fin2', password: 'second-operator-password', roles: ['finance'] },
      approverToken,
    );
    const { context: ctx2, page: op2 } = await openConsole(browser, server, fin2, 'th');
    await op2.goto('/admin/approvals');
    const row = op2.getByRole('row').filter({ hasText: 'split part two' });
    await expect(row).toContainText('admin');
    await shot(op2, 'approvals', 'th');
    await row.locator('[data-testid^=approval-approve-]').click();
    await expect(op2.getByRole('dialog')).toContainText('5,000.00');
    await shot(op2, 'approve-dialog', 'th');
    await op2.getByRole('dialog').getByRole('button', { name: 'อนุมัติ', exact: true }).click();
    await expect(op2.getByText('ไม่มีรายการรอเจ้าหน้าที่คนที่สอง')).toBeVisible();
    expect((await wallet()).wallet.amount).toBe(start.wallet.amount + 10_000);

    // decided: both names on the row
    await op2.getByRole('tab', { name: 'อนุมัติแล้ว' }).click();
    await expect(op2.getByRole('row').filter({ hasText: 'split part two' })).toContainText('fin2');
    await shot(op2, 'approved', 'th');
    await op1.goto('/admin/approvals?status=approved');
    await shot(op1, 'approved', 'en');
    await ctx1.close();
    await ctx2.close();
    await api.dispose();
  });
  test('a money-critical setting waits for a second admin with its diff; a live wheel shows its odds first', async ({
    browser,
    playwright,
  }) => {
    test.setTimeout(240_000);
    const { context, page } = await openConsole(browser, server, admin, 'en');
    await page.goto('/admin/settings?key=withdrawLimits');
    const card = page.getByTestId('setting-withdrawLimits');
    const max = card.locator('input[data-path="withdrawMax"]');
    await max.fill('60000');
    await card.getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByTestId('setting-change-dialog');
    await expect(dialog.getByTestId('value-diff')).toContainText('withdrawMax');
    await shot(page, 'setting-diff', 'en');
    await page.getByTestId('setting-change-send').click();
    await expect(page.getByRole('dialog')).toContainText('Waiting for a second admin');
    await shot(page, 'setting-waiting', 'en');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).last().click();
    await expect(card.getByTestId('setting-pending')).toContainText('admin');
    await shot(page, 'setting-pending', 'en');

    // the second admin approves it: the value changes, the banner goes
    const api = await playwright.request.newContext({ baseURL: server.url });
    await approveSettingAsSecondAdmin(api, server, 'withdrawLimits');
    await page.reload();
    await expect(page.getByTestId('setting-withdrawLimits').getByTestId('setting-pending')).toHaveCount(0);
    await expect(page.getByTestId('setting-withdrawLimits').locator('input[data-path="withdrawMax"]')).toHaveValue(
      '60000',
    );

    // the live demo wheel: a weight typed -5 blocks the save; a valid change shows the odds before and after
    await page.goto('/admin/spin-wheel');
    const weights = page.getByRole('spinbutton', { name: 'Weight' });
    await weights.first().fill('-5');
    await expect(page.getByTestId('wheel-save')).toBeDisabled();
    await expect(page.getByRole('alert')).toContainText('whole number');
    await shot(page, 'wheel-invalid', 'en');
    await weights.first().fill('60');
    await page.getByTestId('wheel-save').click();
    await expect(page.getByTestId('wheel-odds-diff')).toBeVisible();
    await shot(page, 'wheel-odds', 'en');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    // manual mode (a money-critical setting: approved by the second admin), then a member's 300 notice: the admin
    // already moved 10,000 today (the first test), so the confirmation waits for a second operator
    const token = await operatorToken(api, admin);
    const auth = { Authorization: `Bearer ${token}`, 'X-Wallet-User': '1' };
    const all = (await (await api.get('/api/admin/settings', { headers: auth })).json()) as {
      settings: Array<{ key: string; value: Record<string, unknown> }>;
    };
    const lookup = all.settings.find((x) => x.key === 'deposit')!.value;
    await api.put('/api/admin/settings/deposit', { headers: auth, data: { value: { ...lookup, isManual: true } } });
    await approveSettingAsSecondAdmin(api, server, 'deposit');
    const member = await api.post('/api/login', {
      data: { username: DEMO.phone, password: DEMO.password },
      headers: { 'X-Wallet-User': '1' },
    });
    const memberAuth = { Authorization: `Bearer ${((await member.json()) as { token: string }).token}` };
    const notice = await api.post('/api/wallet/add', { data: { amount: 300 }, headers: memberAuth });
    expect(await notice.json()).toEqual({ message: 'SUCCESS' });
    await page.goto('/admin/deposits?status=review&channel=manual');
    await page.locator('[data-testid^=confirm-]').first().click();
    const confirm = page.getByTestId('confirm-deposit-dialog');
    await confirm.locator('textarea').fill('seen on the KBANK statement');
    await page.getByTestId('confirm-deposit-send').click();
    await expect(page.getByRole('dialog')).toContainText('Waiting for a second operator');
    await shot(page, 'manual-waiting', 'en');
    await context.close();
    await api.dispose();
  });
});
