import type { APIRequestContext, Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { expect, test } from '../support/fixtures.ts';
import { demoOperatorSecret, DEMO_OPERATOR, type OperatorCredentials, openConsole } from '../support/operator.ts';
import { saveScreen } from '../support/screens.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { DEMO } from '../support/sign-in.ts';

/**
 * Back office, member 360 (docs/decisions/0034-member-360-and-exports.md): an operator searches a member from the
 * top bar, opens the member page, adds a note (shown with its author), and exports the day's withdrawals to CSV
 * (the downloaded file has the BOM, the header and the day's rows). On its own server: the demo member withdraws.
 */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots/member360';
const NOTE = 'Called the member: asked to send ID card before the next payout';

async function shot(page: Page, step: string, lang: 'th' | 'en') {
  await saveScreen(page, { test: 'backoffice-member360', step, lang }, { dir: SHOTS, check: false });
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

const bangkokToday = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Bangkok',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

test.describe('back office: member 360', () => {
  let server: RunningServer;
  let admin: OperatorCredentials;
  test.beforeAll(async () => {
    test.setTimeout(180_000); // a server of its own: migrations and the demo seed on a busy machine
    server = await startServer();
    admin = { ...DEMO_OPERATOR, secret: demoOperatorSecret(server.logs()) };
  });
  test.afterAll(async () => server?.stop());

  test('search → member 360 → note with author → CSV of the day’s withdrawals', async ({ browser, playwright }) => {
    test.setTimeout(240_000);
    const api = await playwright.request.newContext({ baseURL: server.url });
    const memberId = await requestWithdrawal(api, 250);
    const { context, page } = await openConsole(browser, server, admin, 'en');

    // the top bar's search finds the member by phone; Enter opens the member page
    const search = page.getByRole('combobox', { name: 'Search the console' });
    await search.fill(DEMO.phone);
    const hit = page.getByRole('option').filter({ hasText: DEMO.phone });
    await expect(hit).toBeVisible({ timeout: 15_000 });
    await expect(hit).toHaveAttribute('aria-selected', 'true');
    await shot(page, 'search', 'en');
    await search.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/admin/members/${memberId}$`));
    await expect(page.getByTestId('balance-wallet')).toBeVisible();
    await expect(page.getByTestId('balance-coins')).toBeVisible();

    // the withdrawal is on the member's withdrawals tab
    await page.getByRole('tab', { name: 'Withdrawals' }).click();
    await expect(page).toHaveURL(/tab=withdrawals/);
    await expect(
      page.getByRole('table', { name: 'Withdrawals' }).getByRole('row').filter({ hasText: '250.00' }),
    ).toHaveCount(1);

    // a note, shown newest first with its author
    await page.getByRole('tab', { name: 'Notes' }).click();
    await page.getByLabel('Add a note').fill(NOTE);
    await page.getByTestId('add-note').click();
    const first = page.getByTestId('member-notes').getByRole('listitem').first();
    await expect(first).toContainText(NOTE);
    await expect(first).toContainText(DEMO_OPERATOR.username);
    await expect(page.getByLabel('Add a note')).toHaveValue('');
    await shot(page, 'notes', 'en');

    // the day's withdrawals as CSV from the withdrawals page
    const today = bangkokToday();
    await page.goto(`/admin/withdrawals?from=${today}&to=${today}`);
    const downloading = page.waitForEvent('download');
    await page.getByTestId('export-csv').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^withdrawals-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = await readFile((await download.path())!, 'utf8');
    expect(file.charCodeAt(0)).toBe(0xfeff);
    const lines = file.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'created_bangkok,withdrawal_id,member_id,member_phone,member_name,bank_code,bank_account_no,bank_account_name,amount_baht,status,reviewed_by,reject_reason',
    );
    const rows = lines.slice(1).map((l) => l.split(','));
    expect(rows.filter((r) => r[2] === String(memberId) && r[8] === '250.00')).toHaveLength(1);
    const [dd, mm, yyyy] = [today.slice(8, 10), today.slice(5, 7), today.slice(0, 4)];
    for (const r of rows) expect(r[0]).toMatch(new RegExp(`^${dd}/${mm}/${yyyy} \\d{2}:\\d{2}$`));

    // the note is on the member's audit trail
    await page.goto(`/admin/members/${memberId}?tab=audit`);
    await expect(page.getByText('member.note').first()).toBeVisible();
    await context.close();

    // Thai: the member page and its notes
    const th = await openConsole(browser, server, admin, 'th');
    await th.page.goto(`/admin/members/${memberId}?tab=notes`);
    await expect(th.page.getByTestId('member-notes')).toContainText(NOTE);
    await shot(th.page, 'notes', 'th');
    await th.context.close();
    await api.dispose();
  });
});
