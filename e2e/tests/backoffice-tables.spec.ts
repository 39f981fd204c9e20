import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import {
  demoOperatorSecret,
  DEMO_OPERATOR,
  operatorToken,
  type OperatorCredentials,
  openConsole,
} from '../support/operator.ts';
import { saveScreen } from '../support/screens.ts';

/**
 * Every console page at 768, 1366 and 1920 px in Thai and English (docs/operator-console.md): each opens with its
 * heading, is no wider than the window (a wide table scrolls inside its own area) and is saved for a person to look
 * at; the adjustments and deposits tables keep every row's actions inside the window and the table's scroll area at
 * each width. An adjustment
 * over the four-eyes limit is requested first so the adjustments queue has a row with actions.
 */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots/backoffice-tables';
const WIDTHS = [768, 1366, 1920] as const;
const PAGES = [
  'dashboard',
  'withdrawals',
  'deposits',
  'adjustments',
  'approvals',
  'members',
  'chat',
  'promotions',
  'promotion-report',
  'referrals',
  'spin-wheel',
  'reports',
  'reconciliation',
  'audit',
  'jobs',
  'operators',
  'settings',
  'sessions',
  'password',
] as const;

/** Every row's actions (or its last cell) lie inside the viewport and inside the table's scroll area. */
async function expectActionsInView(page: Page, width: number, where: string) {
  const table = page.getByRole('table').first();
  await expect(table.locator('tbody tr').first()).toBeVisible({ timeout: 20_000 });
  const problems = await table.evaluate((el, viewport) => {
    const area = (el.parentElement as HTMLElement).getBoundingClientRect();
    const out: string[] = [];
    for (const row of Array.from(el.querySelectorAll('tbody tr'))) {
      const cells = row.querySelectorAll('td');
      const last = cells[cells.length - 1];
      if (!last) continue;
      const controls = Array.from(last.querySelectorAll('button, a'));
      for (const target of controls.length > 0 ? controls : [last]) {
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

/** The page is no wider than the window; when it is, the widest elements that stick out are named. */
async function expectNoPageOverflow(page: Page, where: string) {
  const overflow = await page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const width = document.documentElement.scrollWidth;
    if (width <= viewport) return null;
    const out = Array.from(document.querySelectorAll('body *'))
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && box.right > viewport + 1)
      .slice(0, 5)
      .map(
        ({ el, box }) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} ..${Math.round(box.right)}`,
      );
    return { width, viewport, out };
  });
  expect(overflow, where).toBeNull();
}

test.describe('back office: every page at three widths in th and en', () => {
  let admin: OperatorCredentials;
  test.beforeAll(async ({ playwright, server }) => {
    test.setTimeout(180_000);
    admin = { ...DEMO_OPERATOR, secret: demoOperatorSecret(server.logs()) };
    const api = await playwright.request.newContext({ baseURL: server.url });
    const token = await operatorToken(api, admin);
    // over the four-eyes limit (5,000.00 by default): it waits in the adjustments queue with its actions
    const res = await api.post('/api/admin/members/100001/adjustments', {
      data: { amount: '750000', reason: 'Goodwill after the outage of 26/11' },
      headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': 'e2e-tables-adjustment-1' },
    });
    expect(res.status(), await res.text()).toBe(200);
    await api.dispose();
  });

  for (const width of WIDTHS) {
    for (const lang of ['th', 'en'] as const) {
      test(`at ${width} px in ${lang}`, async ({ browser, server }) => {
        test.setTimeout(300_000);
        const { context, page } = await openConsole(browser, server, admin, lang, { viewport: { width, height: 900 } });
        for (const name of PAGES) {
          await page.goto(`/admin/${name}`);
          await expect(page.locator('main h1').first()).toBeVisible({ timeout: 20_000 });
          if (name === 'adjustments' || name === 'deposits')
            await expectActionsInView(page, width, `${name} at ${width} in ${lang}`);
          await saveScreen(
            page,
            { test: 'backoffice-tables', step: `${name}-${width}`, lang },
            { dir: SHOTS, check: false },
          );
          // after the screenshot: the page's data and lazy parts have arrived
          await expectNoPageOverflow(page, `${name} at ${width} in ${lang}`);
        }
        await context.close();
      });
    }
  }
});
