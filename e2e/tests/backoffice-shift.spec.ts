import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import {
  demoOperatorSecret,
  DEMO_OPERATOR,
  type OperatorCredentials,
  openConsole,
  DESKTOP,
} from '../support/operator.ts';
import { saveScreen } from '../support/screens.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { DEMO } from '../support/sign-in.ts';

/**
 * Back office, a finance shift (docs/decisions/0033-live-queues.md): a member asks for a withdrawal through the API
 * and it appears in the open queue without a reload, counted in the navigation and the tab title; the operator opens
 * the member from the row and comes back; two tabs race on the same withdrawal and the second is told who acted
 * first, when. On its own server (it moves the demo member's money). Desktop 1366×900; screenshots in th and en at
 * 768, 1366 and 1920.
 */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots/queues';

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

async function shots(page: Page, step: string, lang: 'th' | 'en') {
  for (const width of [768, 1366, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await saveScreen(page, { test: 'backoffice-shift', step: `${step}-${width}`, lang }, { dir: SHOTS, check: false });
  }
  await page.setViewportSize(DESKTOP.viewport);
}

test.describe('back office: a shift on the live queues', () => {
  // the race's losing decision is the point of the test: the browser logs its 409 answer
  test.use({ allowConsole: /status of 409 \(Conflict\) .*\/api\/admin\/withdrawals\/[\w-]+\/(approve|reject)$/ });
  let server: RunningServer;
  let admin: OperatorCredentials;
  test.beforeAll(async () => {
    test.setTimeout(180_000); // a server of its own: migrations and the demo seed on a busy machine
    server = await startServer();
    admin = { ...DEMO_OPERATOR, secret: demoOperatorSecret(server.logs()) };
  });
  test.afterAll(async () => server?.stop());

  test('a new withdrawal appears live with its count; open the member; a two-tab race says who was first', async ({
    browser,
    playwright,
  }) => {
    test.setTimeout(240_000);
    const api = await playwright.request.newContext({ baseURL: server.url });
    const { context, page } = await openConsole(browser, server, admin, 'en');
    await page.goto('/admin/withdrawals');
    await expect(page.getByRole('heading', { name: 'Withdrawals' })).toBeVisible();
    await expect(page.locator('[data-testid^=approve-]')).toHaveCount(0);

    // the member asks; the open queue shows it without a reload, and the navigation and the title count it
    const memberId = await requestWithdrawal(api, 250);
    const approve = page.locator('[data-testid^=approve-]');
    await expect(approve).toHaveCount(1, { timeout: 20_000 });
    await expect(page.getByTestId('nav-count-withdrawals')).toHaveText('1');
    await expect.poll(() => page.title()).toMatch(/^\(1\) /);
    await shots(page, 'queue', 'en');

    // the operator opens the member from the row, then comes back to the queue
    await page.locator('[data-testid^=member-link-]').first().click();
    await expect(page).toHaveURL(new RegExp(`/admin/members/${memberId}$`));
    await page.goBack();
    await expect(approve).toHaveCount(1);

    // a second tab of the same operator approves first, while the first tab has the approval open
    const second = await context.newPage();
    await second.goto('/admin/withdrawals');
    await approve.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('risk-context')).toBeVisible();
    await second.locator('[data-testid^=approve-]').click();
    await second.getByRole('dialog').getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(second.getByRole('dialog')).toHaveCount(0);

    // the first tab's approval is refused with who did what when; its dialog closes and the row shows it paid
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(
      page.getByText(/Someone was first: already (paid|sent to the bank) by admin at \d\d\/\d\d\/\d{4}/),
    ).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.locator('[data-testid^=withdrawal-status-]').first()).toContainText(/Paid|Paying/);
    await expect(page.getByTestId('nav-count-withdrawals')).toHaveCount(0);
    await expect.poll(() => page.title()).not.toMatch(/^\(\d+\) /);
    await context.close();

    // the dashboard and the queue in Thai, for the screenshots
    await requestWithdrawal(api, 150);
    const th = await openConsole(browser, server, admin, 'th');
    await th.page.goto('/admin/withdrawals');
    await expect(th.page.locator('[data-testid^=approve-]')).toHaveCount(1);
    await shots(th.page, 'queue', 'th');
    await th.page.goto('/admin/dashboard');
    await expect(th.page.getByTestId('queue-withdrawals-review')).toContainText('1');
    await shots(th.page, 'dashboard', 'th');
    await th.context.close();
    const en = await openConsole(browser, server, admin, 'en');
    await en.page.goto('/admin/dashboard');
    await expect(en.page.getByTestId('queue-withdrawals-review')).toContainText('1');
    await shots(en.page, 'dashboard', 'en');
    await en.context.close();
  });
});
