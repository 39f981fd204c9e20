import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { demoOperatorSecret, DEMO_OPERATOR, type OperatorCredentials, openConsole } from '../support/operator.ts';
import { saveScreen } from '../support/screens.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { DEMO } from '../support/sign-in.ts';

/**
 * Back office, payout hold: the demo member asks for a withdrawal, finance puts the member on payout hold, the
 * approve dialog shows the hold with its reason and the approval is refused (so is a bulk approval), the hold is
 * lifted with a note (audited), then the approval pays. On its own server (it moves the demo member's money).
 * Desktop 1366×900; screenshots of the dialogs in th and en.
 */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-payout-hold';
const HOLD_REASON = 'Pending KYC documents';
const LIFT_REASON = 'KYC documents received and checked';

async function shot(page: Page, step: string, lang: 'th' | 'en') {
  await saveScreen(page, { test: 'backoffice-payout-hold', step, lang }, { dir: SHOTS, check: false });
}

/** The demo member asks for a withdrawal through the player API; returns the member id. */
async function requestWithdrawal(request: APIRequestContext, amount: number): Promise<number> {
  const headers = { 'X-Wallet-User': '1' };
  const login = await request.post('/api/login', { data: { username: DEMO.phone, password: DEMO.password }, headers });
  expect(login.ok()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  const auth = { ...headers, Authorization: `Bearer ${token}` };
  const res = await request.post('/api/wallet/withdraw', { data: { amount }, headers: auth });
  expect(await res.json()).toEqual({ message: 'SUCCESS' });
  const { profile } = (await (await request.get('/api/wallet', { headers: auth })).json()) as {
    profile: { _id: string };
  };
  return Number(profile._id);
}

test.describe('back office: payout hold', () => {
  // the refused approvals are the point of the test: the browser logs their 409 answers
  test.use({ allowConsole: /status of 409 \(Conflict\) .*\/api\/admin\/withdrawals\/[\w-]+\/approve$/ });
  let server: RunningServer;
  let admin: OperatorCredentials;
  test.beforeAll(async () => {
    test.setTimeout(180_000); // a server of its own: migrations and the demo seed on a busy machine
    server = await startServer();
    admin = { ...DEMO_OPERATOR, secret: demoOperatorSecret(server.logs()) };
  });
  test.afterAll(async () => server?.stop());

  test('hold → approve and bulk approve refused → lift (audited) → approve → paid', async ({ browser, playwright }) => {
    test.setTimeout(240_000);
    const api = await playwright.request.newContext({ baseURL: server.url });
    const memberId = await requestWithdrawal(api, 250);
    const { context, page } = await openConsole(browser, server, admin, 'th');

    // finance puts the member on payout hold, with the reason
    await page.goto(`/admin/members/${memberId}`);
    await page.getByRole('button', { name: 'ระงับการจ่ายเงิน' }).click();
    const holdDialog = page.getByRole('dialog');
    await holdDialog.locator('textarea').fill(HOLD_REASON);
    await holdDialog.getByRole('button', { name: 'ระงับการจ่ายเงิน' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByText(HOLD_REASON)).toBeVisible();

    // the queue marks the row; the approve dialog shows the hold and its reason; the approval is refused in it
    await page.goto('/admin/withdrawals?status=pending_review');
    const approve = page.locator('[data-testid^=approve-]');
    await expect(approve).toHaveCount(1);
    await approve.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('risk-hold')).toContainText(HOLD_REASON);
    await shot(page, 'approve-held', 'th');
    await dialog.getByRole('button', { name: 'อนุมัติ', exact: true }).click();
    await expect(dialog.getByRole('alert')).toContainText('การจ่ายเงินของสมาชิกนี้ถูกระงับไว้');
    await shot(page, 'approve-refused', 'th');
    await dialog.getByRole('button', { name: 'ยกเลิก' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // a bulk approval refuses it too, row by row
    await page.locator('[data-testid^=withdrawal-select-]').check();
    await page.getByTestId('bulk-approve').click();
    await expect(page.getByTestId('bulk-held-warning')).toBeVisible();
    await page.getByTestId('bulk-confirm').click();
    await expect(page.getByRole('dialog')).toContainText('ไม่อนุมัติ: ระงับการจ่ายเงินอยู่');
    await shot(page, 'bulk-refused', 'th');
    await page.getByTestId('bulk-close').click();
    let payouts = (await (await api.get('/sandbox/bank/_payouts')).json()) as { payouts: unknown[] };
    expect(payouts.payouts).toEqual([]);

    // the hold is lifted with a note; the member's audit tab shows both changes with their reasons
    await page.goto(`/admin/members/${memberId}`);
    await page.getByRole('button', { name: 'ยกเลิกการระงับจ่าย' }).click();
    const liftDialog = page.getByRole('dialog');
    await liftDialog.locator('textarea').fill(LIFT_REASON);
    await liftDialog.getByRole('button', { name: 'ยกเลิกการระงับจ่าย' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByRole('tab', { name: 'ประวัติการแก้ไข' }).click();
    await expect(page.getByRole('listitem').filter({ hasText: 'member.payoutHold.lift' })).toContainText(LIFT_REASON);
    await expect(page.getByRole('listitem').filter({ hasText: 'member.payoutHold.set' })).toContainText(HOLD_REASON);

    // approve again: paid
    await page.goto('/admin/withdrawals?status=pending_review');
    await page.locator('[data-testid^=approve-]').click();
    await expect(page.getByRole('dialog').getByTestId('risk-context')).toBeVisible();
    await expect(page.getByRole('dialog').getByTestId('risk-hold')).toHaveCount(0);
    await page.getByRole('dialog').getByRole('button', { name: 'อนุมัติ', exact: true }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.goto('/admin/withdrawals?status=paid');
    await expect(page.locator('[data-testid^=withdrawal-status-]')).toHaveCount(1);
    payouts = (await (await api.get('/sandbox/bank/_payouts')).json()) as { payouts: unknown[] };
    expect(payouts.payouts).toEqual([expect.objectContaining({ amount: '25000', status: 'PAID' })]);
    await context.close();

    // the same dialogs in English (a second request, held again, for the screenshots)
    await requestWithdrawal(api, 150);
    const en = await openConsole(browser, server, admin, 'en');
    await en.page.goto(`/admin/members/${memberId}`);
    await en.page.getByRole('button', { name: 'Hold payouts' }).click();
    await en.page.getByRole('dialog').locator('textarea').fill(HOLD_REASON);
    await en.page.getByRole('dialog').getByRole('button', { name: 'Hold payouts' }).click();
    await expect(en.page.getByRole('dialog')).toHaveCount(0);
    await en.page.goto('/admin/withdrawals?status=pending_review');
    await en.page.locator('[data-testid^=approve-]').click();
    await expect(en.page.getByRole('dialog').getByTestId('risk-hold')).toContainText(HOLD_REASON);
    await en.page.getByRole('dialog').getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(en.page.getByRole('dialog').getByRole('alert')).toContainText("This member's payouts are on hold");
    await shot(en.page, 'approve-refused', 'en');
    await en.page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await en.page.locator('[data-testid^=withdrawal-select-]').check();
    await en.page.getByTestId('bulk-approve').click();
    await shot(en.page, 'bulk-confirm', 'en');
    await en.page.getByTestId('bulk-confirm').click();
    await expect(en.page.getByRole('dialog')).toContainText('Refused: payouts on hold');
    await shot(en.page, 'bulk-refused', 'en');
    await en.context.close();
    await api.dispose();
  });
});
