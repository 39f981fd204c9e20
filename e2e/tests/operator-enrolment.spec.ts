import path from 'node:path';
import { expect, test } from '../support/fixtures.ts';
import {
  DEMO_OPERATOR,
  demoOperatorSecret,
  freshTotp,
  signInOperator,
  type OperatorCredentials,
} from '../support/operator.ts';
import { SCREENS_DIR } from '../support/paths.ts';
import { saveScreen } from '../support/screens.ts';

/**
 * A new operator sets up their own account (docs/decisions/0023-operator-enrolment.md), desktop 1366×900: the admin
 * invites them in the console and gets only a one-time link; the operator opens it in their own browser, chooses a
 * password, scans the QR and confirms a code, then signs in and sees only what the role opens. A finance invitation
 * waits for a second admin. Screens: $ADMIN_SHOTS_DIR (default e2e/artifacts/screens/admin)/enrolment-<step>-<lang>.png.
 */
test.use({ viewport: { width: 1366, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });
test.describe.configure({ mode: 'serial' });
// the wrong code and the spent link are refused on purpose (400 TOTP_CODE_WRONG, ENROLMENT_INVALID)
test.use({ allowConsole: /status of 400 \(Bad Request\) .*\/api\/admin\/enrolment(\/open)?$/ });

const SHOTS = process.env.ADMIN_SHOTS_DIR ?? path.join(SCREENS_DIR, 'admin');
const shot = (page: Parameters<typeof saveScreen>[0], step: string, lang: string) =>
  saveScreen(page, { test: 'enrolment', step, lang }, { dir: SHOTS, check: false });

let admin: OperatorCredentials;
test.beforeAll(({ server }) => {
  admin = { ...DEMO_OPERATOR, secret: demoOperatorSecret(server.logs()) };
});

test('a new operator enrols with its own password and authenticator through the link, then signs in', async ({
  page,
  browser,
  server,
}) => {
  test.setTimeout(120_000);
  const username = `e2e-sup-${Date.now() % 100_000}`;
  const password = 'my-very-own-password';
  await signInOperator(page, admin, { language: 'en' });
  await page.goto('/admin/operators');
  await page.getByRole('button', { name: 'Invite operator' }).click();
  const invite = page.getByRole('dialog');
  await expect(invite.locator('input[type=password]')).toHaveCount(0); // the admin chooses no password
  await invite.getByLabel('Username').fill(username);
  await invite.getByLabel('Support').check();
  await invite.getByRole('button', { name: 'Invite' }).click();

  const linkDialog = page.getByRole('dialog', { name: `Enrolment link for ${username}` });
  const link = (await linkDialog.getByTestId('enrolment-link').innerText()).trim();
  expect(link).toMatch(/\/admin\/enrol\?token=[A-Za-z0-9_-]{43}$/);
  await expect(linkDialog).not.toContainText('otpauth');
  await shot(page, 'link', 'en');
  await linkDialog.getByRole('button', { name: 'Done' }).click();
  const row = page.getByRole('row').filter({ hasText: username });
  await expect(row).toContainText('Invited');

  // a finance invitation is only a request: no link for the admin who asked
  const finance = `e2e-fin-${Date.now() % 100_000}`;
  await page.getByRole('button', { name: 'Invite operator' }).click();
  await invite.getByLabel('Username').fill(finance);
  await invite.getByLabel('Finance').check();
  await expect(invite).toContainText('a second admin has to approve');
  await invite.getByRole('button', { name: 'Invite' }).click();
  const financeRow = page.getByRole('row').filter({ hasText: finance });
  await expect(financeRow).toContainText('New operator: Finance');
  await expect(financeRow.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(financeRow.getByRole('button', { name: 'Withdraw' })).toBeVisible();
  await expect(page.getByTestId('enrolment-link')).toHaveCount(0);
  await shot(page, 'operators', 'en');

  // the operator, in their own browser, opens the link
  const own = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 1366, height: 900 },
    timezoneId: 'Asia/Bangkok',
  });
  const newbie = await own.newPage();
  // Thai first; the operator's own choice (EN below) is kept
  await newbie.addInitScript(() => {
    if (!localStorage.getItem('wallet.admin.language')) localStorage.setItem('wallet.admin.language', 'th');
  });
  await newbie.goto(link);
  const form = newbie.getByTestId('enrol-form');
  await expect(newbie.getByText(`บัญชี ${username}`)).toBeVisible();
  await expect(form.getByTestId('totp-qr')).toBeVisible();
  await expect(newbie).toHaveURL(/\/admin\/enrol$/); // the token left the address bar
  await shot(newbie, 'form', 'th');
  await newbie.getByRole('button', { name: 'EN', exact: true }).click();
  const secret = (await form.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  await form.locator('input[name="new-password"]').fill(password);
  await form.locator('input[name="repeat-password"]').fill(password);
  // a wrong code (valid by chance once in 500,000 runs: two live steps) is refused in the form
  await form.locator('input[name="totp"]').fill('000000');
  await form.getByRole('button', { name: 'Save and finish' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    'The authenticator code is not right. Type the 6 digits your app shows now.',
  );
  await form.locator('input[name="totp"]').fill(await freshTotp(secret));
  await form.getByRole('button', { name: 'Save and finish' }).click();
  await expect(newbie.getByTestId('enrol-done')).toBeVisible();
  await shot(newbie, 'done', 'en');

  // the link is spent
  await newbie.goto(link);
  await expect(newbie.getByRole('alert')).toContainText('This enrolment link is not valid');

  // sign in with what only the operator knows; support opens only its pages
  await signInOperator(newbie, { username, password, secret }, { language: 'en' });
  await expect(newbie.getByRole('navigation', { name: 'Menu' }).getByRole('link')).toHaveText([
    'Dashboard',
    'Live chat',
    'Members',
    'My sessions',
    'Change password',
  ]);
  await newbie.goto('/admin/password');
  await expect(newbie.getByTestId('password-form')).toBeVisible();
  await shot(newbie, 'password', 'en');
  await own.close();

  // the admin's list shows the operator active
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: username })).toContainText('Active');
});
