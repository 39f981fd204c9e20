import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import {
  DEMO_OPERATOR,
  demoOperatorSecret,
  operatorToken,
  signInOperator,
  type OperatorCredentials,
} from '../support/operator.ts';
import { SCREENS_DIR } from '../support/paths.ts';
import { saveScreen } from '../support/screens.ts';

/**
 * The operator console at /admin (desktop 1366×900): the demo operator signs in with a TOTP code and opens every
 * page in Thai and English (a new operator's enrolment: operator-enrolment.spec.ts); a setting changed in the
 * console is live for players and shows in the audit log; a session is revoked.
 * Screens: $ADMIN_SHOTS_DIR (default e2e/artifacts/screens/admin)/backoffice-<step>-<lang>.png.
 */
test.use({ viewport: { width: 1366, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });
test.describe.configure({ mode: 'serial' });

const SHOTS = process.env.ADMIN_SHOTS_DIR ?? path.join(SCREENS_DIR, 'admin');
const shot = (page: Parameters<typeof saveScreen>[0], step: string, lang: string) =>
  saveScreen(page, { test: 'backoffice', step, lang }, { dir: SHOTS, check: false });
const api = (token: string) => ({ Authorization: `Bearer ${token}`, 'X-Wallet-User': '1' });

let admin: OperatorCredentials;
test.beforeAll(({ server }) => {
  admin = { ...DEMO_OPERATOR, secret: demoOperatorSecret(server.logs()) };
});

const PAGES = [
  { path: 'operators', heading: { th: 'เจ้าหน้าที่', en: 'Operators' } },
  { path: 'settings', heading: { th: 'ตั้งค่าระบบ', en: 'Settings' } },
  { path: 'audit', heading: { th: 'บันทึกการตรวจสอบ', en: 'Audit log' } },
  { path: 'jobs', heading: { th: 'งานเบื้องหลัง', en: 'Jobs' } },
  { path: 'sessions', heading: { th: 'เซสชันของฉัน', en: 'My sessions' } },
] as const;

for (const lang of ['th', 'en'] as const) {
  test(`the demo operator signs in with TOTP and opens every page (${lang})`, async ({ page }) => {
    await page.addInitScript((value) => localStorage.setItem('wallet.admin.language', value), lang);
    await page.goto('/admin/');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByTestId('sign-in-form')).toBeVisible();
    await shot(page, 'sign-in', lang);

    await signInOperator(page, admin, { language: lang });
    for (const { path: where, heading } of PAGES) {
      await page
        .getByRole('navigation', { name: lang === 'th' ? 'เมนู' : 'Menu' })
        .getByRole('link', { name: heading[lang] })
        .click();
      await expect(page).toHaveURL(new RegExp(`/admin/${where}`));
      await expect(page.getByRole('heading', { level: 1, name: heading[lang] })).toBeVisible();
      await expect(page.getByRole('status')).toHaveCount(0); // loaded
      await shot(page, where, lang);
    }
    await page.goto('/admin/audit');
    await expect(page.getByTestId('audit-chain')).toContainText(lang === 'th' ? 'สายแฮชสมบูรณ์' : 'Chain intact');

    // the language switch re-renders in place
    const other = lang === 'th' ? 'en' : 'th';
    await page.getByRole('button', { name: other === 'th' ? 'ไทย' : 'EN', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(PAGES[2].heading[other]);
  });
}

test('a setting changed in the console is live for players and audited; a session is revoked', async ({
  page,
  request,
}) => {
  await signInOperator(page, admin, { language: 'en' });

  // change the minimum deposit
  const before = ((await (await request.get('/api/lookup/deposit')).json()) as { minDeposit: number }).minDeposit;
  const next = before + 7;
  await page.goto('/admin/settings?key=minDeposit');
  const card = page.getByTestId('setting-minDeposit');
  await card.getByRole('spinbutton').fill(String(next));
  await shot(page, 'settings-edit', 'en');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Setting saved')).toBeVisible();
  const lookup = (await (await request.get('/api/lookup/deposit')).json()) as { minDeposit: number };
  expect(lookup.minDeposit).toBe(next);

  // a value its schema refuses is stopped in the form, nothing sent
  await card.getByRole('spinbutton').fill('1.5');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByRole('alert')).toBeVisible();

  // …and its audit row
  await page.goto('/admin/audit?action=settings.update');
  const row = page.getByRole('row').filter({ hasText: 'setting:minDeposit' }).first();
  await expect(row).toContainText('admin');
  await expect(row).toContainText(`${before} → ${next}`);
  await row.getByRole('button').click();
  await expect(page.getByRole('dialog')).toContainText(String(next));
  await shot(page, 'audit-detail', 'en');
  await page.keyboard.press('Escape');

  // a second session (another browser), revoked from this one
  const other = await operatorToken(request, admin);
  expect((await request.get('/api/admin/me', { headers: api(other) })).status()).toBe(200);
  await page.goto('/admin/sessions');
  const rows = page.getByRole('row').filter({ has: page.getByRole('button', { name: 'End session' }) });
  await expect(rows).not.toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: 'This browser' })).toHaveCount(1);
  const count = await rows.count();
  await rows.first().getByRole('button', { name: 'End session' }).click();
  await shot(page, 'sessions-revoke', 'en');
  await page.getByRole('dialog').getByRole('button', { name: 'End session' }).click();
  await expect(page.getByText('Session ended')).toBeVisible();
  await expect(rows).toHaveCount(count - 1);
  // the newest other session is first: the one just made
  expect((await request.get('/api/admin/me', { headers: api(other) })).status()).toBe(401);
});
