import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { demoOperatorSecret, DEMO_OPERATOR, type OperatorCredentials, openConsole } from '../support/operator.ts';
import { saveScreen } from '../support/screens.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { DEMO } from '../support/sign-in.ts';

/**
 * Back-office layout (docs/decisions/0034-member-360-and-exports.md): with a member whose bank account name is 49
 * characters, at 768, 1366 and 1920 px wide, the action buttons (or the last cell) of every row stay inside the
 * viewport and inside the table's own scroll area on the withdrawals, deposits, members, promotions, audit and house
 * accounts (reconciliation) pages. On its own server: the demo member's bank account name is changed.
 */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots/member360';
const WIDTHS = [768, 1366, 1920] as const;
const LONG_NAME = 'SOMCHAI PRASERTWONGTRAKUL CHAIMONGKOL SUKSAWASDEE';
const PAGES = [
  { name: 'withdrawals', path: '/admin/withdrawals' },
  { name: 'deposits', path: '/admin/deposits' },
  { name: 'members', path: '/admin/members' },
  { name: 'promotions', path: '/admin/promotions' },
  { name: 'audit', path: '/admin/audit' },
  { name: 'house-accounts', path: '/admin/reconciliation', table: 'House and provider accounts' },
] as const satisfies ReadonlyArray<{ name: string; path: string; table?: string }>;

/** The demo member's bank account name becomes LONG_NAME, then a withdrawal carries it to the queue. */
async function longNameWithdrawal(request: APIRequestContext): Promise<number> {
  const headers = { 'X-Wallet-User': '1' };
  const login = await request.post('/api/login', { data: { username: DEMO.phone, password: DEMO.password }, headers });
  const { token } = (await login.json()) as { token: string };
  const auth = { ...headers, Authorization: `Bearer ${token}` };
  const profile = (await (await request.get('/api/account/profile', { headers: auth })).json()) as {
    _id: string;
    bankCode: string;
  };
  const named = await request.put('/api/account/bankAccountName', {
    data: { bankCode: profile.bankCode, bankAccountName: LONG_NAME },
    headers: auth,
  });
  expect(await named.json()).toEqual({ message: 'SUCCESS' });
  const res = await request.post('/api/wallet/withdraw', { data: { amount: 150 }, headers: auth });
  expect(await res.json()).toEqual({ message: 'SUCCESS' });
  return Number(profile._id);
}

/** Every row's actions (or its last cell) lie inside the viewport and inside the table's scroll area. */
async function expectActionsInView(page: Page, width: number, where: string, name?: string) {
  const table = name ? page.getByRole('table', { name }) : page.getByRole('table').first();
  await expect(table.locator('tbody tr').first()).toBeVisible({ timeout: 20_000 });
  const problems = await table.evaluate((el, viewport) => {
    const area = (el.parentElement as HTMLElement).getBoundingClientRect();
    const out: string[] = [];
    for (const row of Array.from(el.querySelectorAll('tbody tr'))) {
      const cells = row.querySelectorAll('td');
      const last = cells[cells.length - 1];
      if (!last) continue;
      const controls = Array.from(last.querySelectorAll('button, a'));
      const targets = controls.length > 0 ? controls : [last];
      for (const target of targets) {
        const box = target.getBoundingClientRect();
        if (box.width === 0) continue;
        if (box.left < -1 || box.right > viewport + 1 || box.right > area.right + 1 || box.left < area.left - 1)
          out.push(
            `${target.textContent?.trim() || target.tagName} at ${box.left}..${box.right} (area ..${area.right})`,
          );
      }
    }
    return out;
  }, width);
  expect(problems, where).toEqual([]);
}

test.describe('back office: tables keep their actions on screen', () => {
  let server: RunningServer;
  let admin: OperatorCredentials;
  let memberId = 0;
  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(180_000);
    server = await startServer();
    admin = { ...DEMO_OPERATOR, secret: demoOperatorSecret(server.logs()) };
    const api = await playwright.request.newContext({ baseURL: server.url });
    memberId = await longNameWithdrawal(api);
    await api.dispose();
  });
  test.afterAll(async () => server?.stop());

  for (const width of WIDTHS) {
    test(`at ${width} px`, async ({ browser }) => {
      test.setTimeout(240_000);
      const { context, page } = await openConsole(browser, server, admin, 'en', { viewport: { width, height: 900 } });
      for (const entry of PAGES) {
        const { name, path } = entry;
        await page.goto(path);
        await expectActionsInView(page, width, `${name} at ${width}`, 'table' in entry ? entry.table : undefined);
        if (name === 'withdrawals') {
          const row = page.getByRole('row').filter({ hasText: LONG_NAME });
          await expect(row).toHaveCount(1);
          await expect(row.getByRole('button').first()).toBeInViewport();
        }
        await saveScreen(
          page,
          { test: 'backoffice-layout', step: `${name}-${width}`, lang: 'en' },
          {
            dir: SHOTS,
            check: false,
          },
        );
      }
      // the content uses the width it is given (no narrow column on a wide screen); a scroll bar takes its share
      const inner = await page.evaluate(() => document.documentElement.clientWidth);
      const main = await page.locator('main').boundingBox();
      expect(main!.width).toBeGreaterThan(width >= 1024 ? inner - 256 - 4 : inner - 4);
      await context.close();
    });
  }

  // the member 360 and reports pages in both languages at each width (looked at by a person, not compared)
  test('screens of the member 360 and reports pages', async ({ browser }) => {
    test.setTimeout(300_000);
    for (const width of WIDTHS) {
      for (const lang of ['th', 'en'] as const) {
        const { context, page } = await openConsole(browser, server, admin, lang, { viewport: { width, height: 900 } });
        await page.goto(`/admin/members/${memberId}?tab=withdrawals`);
        await expect(page.getByTestId('balance-coins')).toBeVisible();
        await expect(page.getByRole('row').filter({ hasText: '150.00' }).first()).toBeVisible();
        await saveScreen(
          page,
          { test: 'backoffice-layout', step: `member360-${width}`, lang },
          { dir: SHOTS, check: false },
        );
        await page.goto('/admin/reports');
        await expect(page.locator('svg[role=img]').first()).toBeVisible();
        await saveScreen(
          page,
          { test: 'backoffice-layout', step: `reports-${width}`, lang },
          {
            dir: SHOTS,
            check: false,
            fullPage: true,
          },
        );
        await context.close();
      }
    }
  });
});
